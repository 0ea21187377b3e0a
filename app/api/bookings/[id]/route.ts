import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { changeBookingStatus } from '@/lib/reservations/bookings';
import { bookingStatusSchema } from '@/lib/reservations/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** `{ status: 'confirmed' | 'cancelled' }`: admins confirm or cancel, owners cancel. Answers the booking. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req);
  const { status } = await readJson(req, bookingStatusSchema);
  return NextResponse.json(await changeBookingStatus(viewer, (await params).id, status));
});
