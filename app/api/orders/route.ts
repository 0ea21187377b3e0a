import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { listOrders } from '@/lib/orders/orders';
import { requireAdmin } from '@/lib/users/users';
import { ordersQuerySchema } from '@/lib/validation/order';

/** Every order, newest first (admins); `?status=` keeps one status. */
export const GET = route(async (req) => {
  await requireAdmin(req);
  const { status } = readQuery(req, ordersQuerySchema);
  return NextResponse.json(await listOrders(status));
});
