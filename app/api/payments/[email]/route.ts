import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { pageResponse } from '@/lib/pagination/page';
import { listPayments } from '@/lib/payments/history';
import { paymentsQuerySchema } from '@/lib/payments/schemas';

type Ctx = { params: Promise<{ email: string }> };

/** A page of the caller's payments, newest first, the next page in `Link`; anybody else's email is refused. */
export const GET = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  const email = (await params).email;
  return pageResponse(req, await listPayments(viewer, email, readQuery(req, paymentsQuerySchema)));
});
