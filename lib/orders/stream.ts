import 'server-only';
import { HttpError } from '@/lib/api/http';
import { sseEvent, sseRetry, sseSignal } from '@/lib/api/event-stream';
import { hasRole } from '@/lib/auth/roles';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { CLOCK_MARGIN_MS, type Cursor } from './feed/cursor';
import { toEvents, type OrderEvent, type OrderHub } from './feed/hub';
import { orderHub } from './feed/index';
import { markKitchenSeen } from './kitchen-presence';
import { ordersChangedSince, shapeOrders } from './orders';
import { streamConfig } from './stream-config';

/**
 * GET /api/orders/stream: one `order` event each time an order is paid or moves on. Staff and
 * admins receive every order; a diner their own only. A client that reconnects (Last-Event-ID,
 * or `?after=` on its first connection) first gets what it missed: the events after its last one
 * when this server still holds them all, else every order changed since that event, as it is now.
 * It opens with `hello` (the heartbeat interval). Then live events, a heartbeat every `heartbeatMs`
 * (a comment and a `heartbeat` event; the session is checked then too, and an ended one closes
 * the stream), and a clean end after `maxMs` (a `bye` event, then the close), from which the
 * browser reconnects.
 */

/** How long the browser waits before it reconnects. */
const RECONNECT_MS = 2000;
/** A client this many chunks behind is not reading: its stream ends, and it resumes when it can. */
const MAX_QUEUED = 256;

export interface StreamOptions {
  /** Where the client left off, if it says. */
  resumeFrom: Cursor | null;
  /** Only the viewer's own orders, whatever their role (a payment history). */
  mine?: boolean;
  /** A kitchen display (staff): its presence is stamped when it opens and at each heartbeat. */
  kitchen?: boolean;
  /** Reads the session again: null once it has ended (logout, sign out everywhere, a role change, deletion). */
  stillSignedIn: () => Promise<Shopper | null>;
  /** Aborts when the client goes away. */
  signal?: AbortSignal;
}

// Streams open per person on this server, on globalThis: Next.js may load this module more than once.
const g = globalThis as { __bistroOrderStreams?: Map<string, number> };
const openStreams = (g.__bistroOrderStreams ??= new Map());

function release(uid: string): void {
  const left = (openStreams.get(uid) ?? 1) - 1;
  if (left > 0) openStreams.set(uid, left);
  else openStreams.delete(uid);
}

/** What the client missed since `cursor`: every order's changes, or the viewer's own. */
async function missedSince(hub: OrderHub, cursor: Cursor | null, viewer: Shopper, everyOrder: boolean): Promise<OrderEvent[]> {
  if (!cursor) return [];
  const held = hub.eventsAfter(cursor);
  if (held) return held;
  const docs = await ordersChangedSince(new Date(cursor.at - CLOCK_MARGIN_MS), everyOrder ? undefined : viewer.uid);
  return toEvents(docs, shapeOrders);
}

export async function openOrderStream(viewer: Shopper, { resumeFrom, mine = false, kitchen = false, stillSignedIn, signal }: StreamOptions): Promise<ReadableStream<Uint8Array>> {
  authorize(viewer, 'guest');
  const config = streamConfig();
  const held = openStreams.get(viewer.uid) ?? 0;
  if (held >= config.perViewer) {
    throw new HttpError(429, `You already have ${held} live order screens open. Close one, then try again.`, { 'Retry-After': '30' });
  }
  const hub = await orderHub();
  const everyOrder = !mine && hasRole(viewer.role, 'staff');
  const sees = (event: OrderEvent) => everyOrder || event.ownerUid === viewer.uid;
  const watchesKitchen = kitchen && everyOrder;
  const stampKitchen = () => {
    if (watchesKitchen) markKitchenSeen().catch((err: unknown) => console.error('[orders] could not stamp the kitchen display as seen', err));
  };
  openStreams.set(viewer.uid, held + 1);

  let end = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let ended = false;
        /** Live events that arrive while the missed ones are read: sent after them. */
        let waiting: OrderEvent[] | null = [];
        const write = (chunk: Uint8Array) => {
          if (ended) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) end();
        };
        const send = (event: OrderEvent) => write(sseEvent('order', event.id, event.order));

        const unsubscribe = hub.subscribe((event) => {
          if (!sees(event)) return;
          if (waiting) waiting.push(event);
          else send(event);
        });
        // A comment for proxies, and an event the page can see: one that hears none for a while knows
        // the connection died without a word (Wi-Fi gone) and opens a new one.
        const heartbeat = setInterval(() => {
          write(sseSignal('heartbeat', undefined, 'heartbeat'));
          stampKitchen();
          stillSignedIn().then(
            (now) => {
              if (!now) end();
            },
            // The database did not answer: the session is checked again at the next heartbeat.
            (err: unknown) => console.error('[orders] could not check a stream session', err),
          );
        }, config.heartbeatMs);
        // `bye` tells the page this end is planned, so it need not say it is reconnecting.
        const deadline = setTimeout(() => {
          write(sseSignal('bye'));
          end();
        }, config.maxMs);

        end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(deadline);
          unsubscribe();
          signal?.removeEventListener('abort', end);
          release(viewer.uid);
          try {
            controller.close();
          } catch {
            // Already closed by the client going away.
          }
        };
        signal?.addEventListener('abort', end);
        if (signal?.aborted) return end();

        write(sseRetry(RECONNECT_MS));
        write(sseSignal('hello', { heartbeatMs: config.heartbeatMs }));
        stampKitchen();
        missedSince(hub, resumeFrom, viewer, everyOrder).then(
          (missed) => {
            const sent = new Set<string>();
            for (const event of missed.filter(sees)) {
              sent.add(event.id);
              send(event);
            }
            for (const event of waiting ?? []) if (!sent.has(event.id)) send(event);
            waiting = null;
          },
          (err: unknown) => {
            console.error('[orders] could not read what a reconnecting client missed', err);
            end();
          },
        );
      },
      cancel() {
        end();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 16 }),
  );
}
