import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { narrow, requireViewer } from '@/lib/auth/viewer';
import { createBooking, listAllBookings, listBookings } from '@/lib/reservations/bookings';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { pageResponse } from '@/lib/pagination/page';
import { bookingSchema, bookingsQuerySchema } from '@/lib/reservations/schemas';
import { clockNow } from '@/lib/settings/clock';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

/** A page of the caller's own bookings; `?all=1` of every booking (admins only). Latest day first; the next page is in `Link`. */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req);
  // Who may ask for every booking is settled before the parameters are read.
  const admin = new URL(req.url).searchParams.has('all') ? narrow(viewer, 'admin') : null;
  const { all, ...query } = readQuery(req, bookingsQuerySchema);
  return pageResponse(req, all && admin ? await listAllBookings(admin, query) : await listBookings(viewer, query));
});

/** Books a table for the caller: 201 with the booking (pending), 409 when the slot is full. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.booking, viewer);
  const { schedule } = await getSettings();
  const input = await readJson(req, bookingSchema(zonedClock(clockNow(), schedule.timeZone), schedule));
  return NextResponse.json(await createBooking(viewer, input), { status: 201 });
});
