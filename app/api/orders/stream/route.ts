import { eventStreamResponse, readLastEventId } from '@/lib/api/event-stream';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer, viewerOf } from '@/lib/auth/viewer';
import { parseCursor } from '@/lib/orders/feed/cursor';
import { openOrderStream } from '@/lib/orders/stream';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { eventIdSchema, orderStreamQuerySchema } from '@/lib/orders/schemas';

// A stream per request, never cached or prerendered, on Node (it holds a subscription in this process).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
// Seconds: the longest a Vercel function may run on every plan; the stream ends before (lib/orders/stream-config.ts).
export const maxDuration = 300;

/**
 * Order events as `text/event-stream` (staff and admins: every order unless `?mine=1`; a diner or a guest: their own;
 * `?kitchen=1` from a kitchen display, whose connection says a kitchen is watching: the restaurant's
 * mail and safe failure read it; a diner's is no kitchen).
 * Last-Event-ID (a reconnecting EventSource) or `?after=` says where the client left off; a
 * malformed one is a 400, as is any other parameter. Opening is rate limited, and one person
 * holds a few streams at once (429 past that).
 */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  const { after, mine, kitchen } = readQuery(req, orderStreamQuerySchema);
  const from = readLastEventId(req, eventIdSchema) ?? after;
  await enforceRateLimit(req, LIMITS.orderStream, viewer);
  const stream = await openOrderStream(viewer, {
    resumeFrom: from === undefined ? null : parseCursor(from),
    mine: mine === '1',
    kitchen: kitchen === '1',
    stillSignedIn: () => viewerOf(req),
    signal: req.signal,
  });
  return eventStreamResponse(stream);
});
