'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import type { Order } from '@/lib/orders/types';

/** After a refusal (401, 429, 503…) EventSource gives up: this waits, doubling each time, up to 30 s. */
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
/** A planned reconnect (the server's stream ended on time) is not worth a banner unless it drags on. */
const PLANNED_GRACE_MS = 5000;

export interface OrderStreamHandlers {
  /** Where the page's data was read on the server (lib/orders/feed/cursor.ts `cursorAt`). */
  after: string;
  /** An order was paid or moved on (also for what the connection missed while it was down). */
  onOrder: (order: Order) => void;
  /** The server refused the stream: re-read the list (through `api()`, which signs out on a 401). */
  onRefused?: () => void;
}

/**
 * GET /api/orders/stream for as long as the component is mounted. The browser's EventSource
 * reconnects by itself after a drop or the stream's planned end, sending the last event id, and
 * the server replays what was missed. A refusal closes it for good; then this opens a new one
 * after a pause, from the last event it had. `reconnecting` is true while no stream is open.
 */
export function useOrderStream({ after, onOrder, onRefused }: OrderStreamHandlers): { reconnecting: boolean } {
  const [reconnecting, setReconnecting] = useState(false);
  const deliver = useEffectEvent((order: Order) => onOrder(order));
  const refused = useEffectEvent(() => onRefused?.());

  useEffect(() => {
    let source: EventSource | null = null;
    let lastId = after;
    let retryMs = FIRST_RETRY_MS;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let banner: ReturnType<typeof setTimeout> | undefined;
    let planned = false;

    const connect = () => {
      const current = new EventSource(`/api/orders/stream?after=${encodeURIComponent(lastId)}`);
      source = current;
      current.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS;
        planned = false;
        clearTimeout(banner);
        setReconnecting(false);
      });
      current.addEventListener('order', (event) => {
        lastId = event.lastEventId || lastId;
        deliver(JSON.parse(event.data) as Order);
      });
      current.addEventListener('bye', () => {
        planned = true;
      });
      current.addEventListener('error', () => {
        clearTimeout(banner);
        banner = setTimeout(() => setReconnecting(true), planned ? PLANNED_GRACE_MS : 0);
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        refused();
        retry = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      });
    };

    connect();
    return () => {
      clearTimeout(retry);
      clearTimeout(banner);
      source?.close();
    };
  }, [after]);

  return { reconnecting };
}
