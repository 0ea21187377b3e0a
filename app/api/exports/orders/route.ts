import { z } from 'zod';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { exportOrders } from '@/lib/exports/exports';
import { csvResponse } from '@/lib/exports/response';

/** Every order, one row per line, as CSV (admins), streamed as it is read. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  readQuery(req, z.strictObject({}));
  return csvResponse(await exportOrders(admin), 'orders');
});
