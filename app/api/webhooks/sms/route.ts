import { readBodyCapped, route } from '@/lib/api/http';
import { handleInboundText } from '@/lib/notify/inbound';

/** An inbound SMS is a few hundred bytes of form fields; anything larger is not one. */
const MAX_BYTES = 16 * 1024;

/** The SMS provider's inbound webhook (STOP, START, HELP): verified by its signature, which covers the exact address and fields. */
export const POST = route(async (req) => {
  const body = new TextDecoder().decode(await readBodyCapped(req, MAX_BYTES));
  const answer = await handleInboundText(req, body);
  return new Response(answer.body, { status: 200, headers: { 'content-type': answer.contentType } });
});
