import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { changeOrderStatus, getOrder } from '@/lib/orders/orders';
import { orderStepSchema } from '@/lib/orders/schemas';
import { cancelOrder } from '@/lib/payments/cancel';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/** The order, as its receipt shows it: the caller's own, a guest's too (admins: any); another diner's is 403. */
export const GET = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  return NextResponse.json(await getOrder(viewer, (await params).id));
});

/**
 * `{ status, from? }`: moves the order one step on (staff and admins); answers the order, 409 when
 * it cannot move. Cancelling gives the money back (lib/payments/cancel.ts).
 */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const staff = await requireViewer(req, 'staff');
  await enforceRateLimit(req, LIMITS.orderChange, staff);
  const step = await readJson(req, orderStepSchema);
  const { id } = await params;
  return NextResponse.json(step.status === 'cancelled' ? await cancelOrder(staff, id, step.from) : await changeOrderStatus(staff, id, step));
});
