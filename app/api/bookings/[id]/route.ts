import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { changeBookingStatus } from '@/lib/reservations/bookings';
import { bookingStatusSchema } from '@/lib/reservations/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** `{ status: 'confirmed' | 'cancelled' }`: admins confirm or cancel, owners cancel. Answers the booking. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.bookingChange, viewer);
  const { status } = await readJson(req, bookingStatusSchema);
  return NextResponse.json(await changeBookingStatus(viewer, (await params).id, status));
});
