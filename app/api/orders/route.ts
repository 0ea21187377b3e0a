import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listOrders } from '@/lib/orders/orders';
import { ordersQuerySchema } from '@/lib/orders/schemas';
import { pageResponse } from '@/lib/pagination/page';

/** A page of orders, newest first (staff and admins), filtered as lib/orders/schemas.ts says; the next page is in `Link`. */
export const GET = route(async (req) => {
  const staff = await requireViewer(req, 'staff');
  return pageResponse(req, await listOrders(staff, readQuery(req, ordersQuerySchema)));
});
