import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listOrders } from '@/lib/orders/orders';
import { ordersQuerySchema } from '@/lib/validation/order';

/** Every order, newest first (admins); `?status=` keeps one status. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const { status } = readQuery(req, ordersQuerySchema);
  return NextResponse.json(await listOrders(admin, status));
});
