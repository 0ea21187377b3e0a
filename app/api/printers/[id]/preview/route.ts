import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { previewTicket } from '@/lib/printing/ledger';
import { noQuerySchema } from '@/lib/printing/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** Admins: a sample order's ticket as this printer prints it (its width, its stations), as an SVG image. */
export const GET = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  readQuery(req, noQuerySchema);
  const svg = await previewTicket(admin, (await params).id);
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, no-store' } });
});
