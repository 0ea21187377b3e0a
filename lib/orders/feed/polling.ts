import 'server-only';
import { clockMs } from '@/lib/settings/clock';
import { CLOCK_MARGIN_MS } from './cursor';
import type { OrderDocument, OrderSource } from './source';

/**
 * Orders changed since a time, read again and again: for a MongoDB that has no change streams
 * (a standalone server). Each read reaches back CLOCK_MARGIN_MS before the previous one started, so a
 * write whose `updatedAt` was stamped a little before it committed, or by an instance whose clock
 * runs a little behind, is still found; what was already reported is recognised and skipped.
 */

export function pollingSource(readSince: (since: Date) => Promise<OrderDocument[]>, intervalMs: number): OrderSource {
  return {
    name: `polling every ${intervalMs} ms`,
    start(sink) {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const startedAt = clockMs();
      let from = startedAt;
      /** `id@updatedAt` of what was reported, for as long as a read can return it again. */
      const reported = new Map<string, number>();
      let failing = false;

      const tick = async () => {
        const started = clockMs();
        const since = from - CLOCK_MARGIN_MS;
        try {
          const docs = await readSince(new Date(since));
          if (stopped) return;
          const fresh = docs.filter((doc) => {
            const at = doc.updatedAt.getTime();
            const key = `${doc._id.toHexString()}@${at}`;
            if (reported.has(key)) return false;
            reported.set(key, at);
            // The first read reaches back before the start too: what it finds there is history.
            return at >= startedAt;
          });
          for (const [key, at] of reported) if (at < since) reported.delete(key);
          from = started;
          if (fresh.length) sink.changed(fresh);
          failing = false;
        } catch (err) {
          // The next read starts where the failed one would have: nothing is skipped.
          if (!failing) console.error('[orders] polling for order changes failed; retrying', err);
          failing = true;
        } finally {
          if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
        }
      };
      timer = setTimeout(() => void tick(), intervalMs);
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}
