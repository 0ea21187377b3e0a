import { route } from '@/lib/api/http';
import { epsonRequest } from '@/lib/printing/server-direct-print';

type Ctx = { params: Promise<{ token: string }> };

/** Epson Server Direct Print: a poll, answered with the next ticket as ePOS-Print XML or nothing; or a printing result. */
export const POST = route<Ctx>(async (req, { params }) => {
  const xml = await epsonRequest((await params).token, req);
  return new Response(xml, { headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' } });
});
