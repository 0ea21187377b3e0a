import 'server-only';
import type { ChangeStreamDocument, ChangeStreamOptions, Document, ResumeToken } from 'mongodb';
import { clockMs } from '@/lib/settings/clock';
import type { OrderDocument, OrderSink, OrderSource } from './source';

/**
 * Order changes from a MongoDB change stream on `payments`: every instance of a deployment opens
 * one (Atlas runs replica sets), so each sees every order paid or moved on by any of them, within
 * the stream's latency, with the document as it is after the change.
 *
 * The driver resumes the stream by itself after the errors it can resume from. For any other, this
 * source opens it again from the last change's resume token, so nothing is skipped; if the server
 * no longer has that point in its history, from now on, and the hub reads what changed in between.
 * A MongoDB without change streams (a standalone server) fails the first open: the source then
 * says so once in the log and hands over to `fallback` (polling).
 */

/** What this source uses of the driver's ChangeStream; the driver's own fits it (lib/orders/feed/index.ts). */
export interface ChangeStreamLike {
  on(event: 'change', listener: (change: ChangeStreamDocument<OrderDocument>) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(): Promise<void>;
}

/** What this source uses of the driver's Collection. */
export interface WatchableCollection {
  watch(pipeline: Document[], options: ChangeStreamOptions): ChangeStreamLike;
}

export const ORDER_CHANGES: Document[] = [{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }];

const RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** A server that cannot open change streams at all: a standalone mongod. */
function changeStreamsUnsupported(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === 40573 || (typeof message === 'string' && /only supported on replica sets/i.test(message));
}

/** The resume token points before what the server still remembers (ChangeStreamHistoryLost, or a fatal resume). */
function historyLost(err: unknown): boolean {
  const { code } = (err ?? {}) as { code?: unknown };
  return code === 286 || code === 280;
}

const g = globalThis as { __bistroChangeStreamsWarned?: boolean };

export function changeStreamSource(payments: WatchableCollection, fallback: () => OrderSource): OrderSource {
  return {
    name: 'change stream',
    start(sink: OrderSink) {
      let stopped = false;
      let stream: ChangeStreamLike | null = null;
      let token: ResumeToken | null = null;
      let lastSeen = clockMs();
      let retryMs = RETRY_MS;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let stopFallback: (() => void) | null = null;

      const open = () => {
        const opened = payments.watch(ORDER_CHANGES, { fullDocument: 'updateLookup', ...(token ? { resumeAfter: token } : {}) });
        stream = opened;
        opened.on('change', (change) => {
          token = change._id;
          retryMs = RETRY_MS;
          if (!('fullDocument' in change) || !change.fullDocument) return;
          lastSeen = Math.max(lastSeen, change.fullDocument.updatedAt.getTime());
          sink.changed([change.fullDocument]);
        });
        opened.on('error', (err) => {
          if (stream !== opened) return;
          stream = null;
          void opened.close().catch(() => {});
          if (stopped) return;
          if (changeStreamsUnsupported(err)) {
            const next = fallback();
            if (!g.__bistroChangeStreamsWarned) {
              g.__bistroChangeStreamsWarned = true;
              console.warn(`[orders] This MongoDB has no change streams (a standalone server): order events come from ${next.name} instead.`);
            }
            stopFallback = next.start(sink);
            return;
          }
          if (historyLost(err)) {
            token = null;
            sink.missed(lastSeen);
          }
          console.error(`[orders] the order change stream failed; reopening in ${retryMs} ms`, err);
          retry = setTimeout(open, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        });
      };

      open();
      return () => {
        stopped = true;
        clearTimeout(retry);
        void stream?.close().catch(() => {});
        stream = null;
        stopFallback?.();
      };
    },
  };
}
