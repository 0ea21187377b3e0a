import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { listPrintJobs } from '@/lib/printing/ledger';
import { printJobsQuerySchema } from '@/lib/printing/schemas';
import { pageResponse } from '@/lib/pagination/page';

/** Admins: the ledger of every ticket, newest first, a page at a time (`limit`, `cursor`; `printer`, `state` narrow it). */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return pageResponse(req, await listPrintJobs(admin, readQuery(req, printJobsQuerySchema)));
});
