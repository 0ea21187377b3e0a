import { z } from 'zod';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { exportCustomers } from '@/lib/exports/exports';
import { csvResponse } from '@/lib/exports/response';

/** Every customer account, as CSV (admins), streamed as it is read. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  readQuery(req, z.strictObject({}));
  return csvResponse(await exportCustomers(admin), 'customers');
});
