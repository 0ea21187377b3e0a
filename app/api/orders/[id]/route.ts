import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { changeOrderStatus } from '@/lib/orders/orders';
import { requireAdmin } from '@/lib/users/users';
import { orderStepSchema } from '@/lib/validation/order';

type Ctx = { params: Promise<{ id: string }> };

/** `{ status, from? }`: moves the order one step on (admins); answers the order, 409 when it cannot move. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  await requireAdmin(req);
  const step = await readJson(req, orderStepSchema);
  return NextResponse.json(await changeOrderStatus((await params).id, step));
});
