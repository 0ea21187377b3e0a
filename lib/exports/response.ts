import { clockNow } from '@/lib/settings/clock';
/** A CSV download: named with the day it was made, never cached (it holds personal data). */
export function csvResponse(body: ReadableStream<Uint8Array>, name: string, now = clockNow()): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="bistro-${name}-${now.toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
