import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listOrders } from '@/lib/orders/orders';
import { ordersQuerySchema } from '@/lib/orders/schemas';

/** Every order, newest first (staff and admins); `?status=` keeps one status or several (`pending,preparing,ready`). */
export const GET = route(async (req) => {
  const staff = await requireViewer(req, 'staff');
  const { status } = readQuery(req, ordersQuerySchema);
  return NextResponse.json(await listOrders(staff, status));
});
