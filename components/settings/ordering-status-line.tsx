'use client';

import { useEffect, useState } from 'react';
import type { OrderingStatus } from '@/lib/settings/types';

/** GET /api/settings/status: the status line as it is now. */
const STATUS_URL = '/api/settings/status';
/** Read again at least this often while the page is open, and no more often than the floor. */
const MAX_WAIT_MS = 10 * 60_000;
const MIN_WAIT_MS = 5_000;

/**
 * 'Open now until 14:30', 'Closed, opens Tuesday at 12:00', 'Online ordering is paused, back at
 * 19:30'. The page around it is prerendered, so the line it was rendered with may be minutes or
 * hours old: the browser reads the line again as soon as the page runs, when it is shown again,
 * and when the clock is due to change it (closing time, the end of a pause).
 */
export function OrderingStatusLine({ initial }: { initial: OrderingStatus }) {
  const [status, setStatus] = useState(initial);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    async function read() {
      clearTimeout(timer);
      let next: OrderingStatus | null = null;
      try {
        const res = await fetch(STATUS_URL, { cache: 'no-store' });
        if (res.ok) next = (await res.json()) as OrderingStatus;
      } catch {
        // Offline: the line stays as it was, and is read again later.
      }
      if (gone) return;
      if (next) setStatus(next);
      const due = next?.changesAt ? Date.parse(next.changesAt) - Date.now() + 1_000 : MAX_WAIT_MS;
      timer = setTimeout(read, Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, due)));
    }
    const shown = () => {
      if (document.visibilityState === 'visible') void read();
    };
    void read();
    document.addEventListener('visibilitychange', shown);
    return () => {
      gone = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, []);

  const tone = status.open ? 'bg-green-700' : status.stopped ? 'bg-red-700' : 'bg-gray-500';
  return (
    <div role="status" data-ordering-status className="mx-auto flex min-h-11 max-w-screen-xl flex-wrap items-center justify-center gap-x-3 px-4 py-2 text-center">
      <span className="inline-flex items-center gap-2 font-semibold">
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${tone}`} />
        {status.text}
      </span>
      {status.note ? <span className="text-gray-700">{status.note}</span> : null}
    </div>
  );
}
