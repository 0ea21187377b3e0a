import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { changeOrderStatus } from '@/lib/orders/orders';
import { orderStepSchema } from '@/lib/validation/order';

type Ctx = { params: Promise<{ id: string }> };

/** `{ status, from? }`: moves the order one step on (staff and admins); answers the order, 409 when it cannot move. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const staff = await requireViewer(req, 'staff');
  const step = await readJson(req, orderStepSchema);
  return NextResponse.json(await changeOrderStatus(staff, (await params).id, step));
});
