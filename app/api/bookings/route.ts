import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { narrow, requireViewer } from '@/lib/auth/viewer';
import { createBooking, listAllBookings, listBookings } from '@/lib/reservations/bookings';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { bookingSchema, bookingsQuerySchema } from '@/lib/reservations/schemas';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

/** The caller's own bookings; `?all=1` every booking (admins only). Upcoming first, then past. */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req);
  const { all } = readQuery(req, bookingsQuerySchema);
  return NextResponse.json(all ? await listAllBookings(narrow(viewer, 'admin')) : await listBookings(viewer));
});

/** Books a table for the caller: 201 with the booking (pending), 409 when the slot is full. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.booking, viewer);
  const { schedule } = await getSettings();
  const input = await readJson(req, bookingSchema(zonedClock(new Date(), schedule.timeZone), schedule));
  return NextResponse.json(await createBooking(viewer, input), { status: 201 });
});
