import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { changeBookingStatus } from '@/lib/reservations/bookings';
import { isAdmin } from '@/lib/users/users';
import { bookingStatusSchema } from '@/lib/validation/reservation';

type Ctx = { params: Promise<{ id: string }> };

/** `{ status: 'confirmed' | 'cancelled' }`: admins confirm or cancel, owners cancel. Answers the booking. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const user = await requireUser(req);
  const { status } = await readJson(req, bookingStatusSchema);
  const actor = { email: user.email, admin: await isAdmin(user.email) };
  return NextResponse.json(await changeBookingStatus(actor, (await params).id, status));
});
