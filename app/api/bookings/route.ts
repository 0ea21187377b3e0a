import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { restaurantClock } from '@/lib/reservations/calendar';
import { createBooking, listBookings } from '@/lib/reservations/bookings';
import { requireAdmin } from '@/lib/users/users';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { bookingSchema, bookingsQuerySchema } from '@/lib/validation/reservation';

/** The caller's own bookings; `?all=1` every booking (admins only). Upcoming first, then past. */
export const GET = route(async (req) => {
  const user = await requireUser(req);
  const { all } = readQuery(req, bookingsQuerySchema);
  if (all) await requireAdmin(req);
  return NextResponse.json(await listBookings(all ? 'all' : user));
});

/** Books a table for the caller: 201 with the booking (pending), 409 when the slot is full. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  await enforceRateLimit(req, LIMITS.booking, user);
  const input = await readJson(req, bookingSchema(restaurantClock(new Date())));
  return NextResponse.json(await createBooking(user, input), { status: 201 });
});
