'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import type { Order } from '@/lib/orders/types';

/** After a refusal (401, 429, 503…) EventSource gives up: this waits, doubling each time, up to 30 s. */
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
/** A planned reconnect (the server's stream ended on time) is not worth a banner unless it drags on. */
const PLANNED_GRACE_MS = 5000;
/** Heartbeats missed before a connection that says nothing is taken for dead. */
const MISSED_BEATS = 2.5;
/** The server's heartbeat until its `hello` says otherwise. */
const DEFAULT_HEARTBEAT_MS = 15_000;

export interface OrderStreamHandlers {
  /** Where the page's data was read on the server (lib/orders/feed/cursor.ts `cursorAt`). */
  after: string;
  /** The viewer's own orders only, even for staff (a payment history). */
  mine?: boolean;
  /** This screen is a kitchen display: while it is connected, the restaurant is not emailed new orders, and safe failure keeps ordering open. */
  kitchen?: boolean;
  /** An order was paid or moved on (also for what the connection missed while it was down). */
  onOrder: (order: Order) => void;
  /** The server refused the stream: re-read the list (through `api()`, which signs out on a 401). */
  onRefused?: () => void;
}

/**
 * GET /api/orders/stream for as long as the component is mounted. EventSource reconnects by itself
 * after a drop or the stream's planned end, sending the last event id, and the server replays what
 * was missed. This also opens a new stream, from the last event it had, when EventSource gives up
 * (a refusal: after a pause), when the device comes back online, and when a connection has been
 * silent for longer than the server's heartbeat allows (a network that died without a word).
 * `reconnecting` is true while no stream is open.
 */
export function useOrderStream({ after, mine = false, kitchen = false, onOrder, onRefused }: OrderStreamHandlers): { reconnecting: boolean } {
  const [reconnecting, setReconnecting] = useState(false);
  const deliver = useEffectEvent((order: Order) => onOrder(order));
  const refused = useEffectEvent(() => onRefused?.());

  useEffect(() => {
    let source: EventSource | null = null;
    let lastId = after;
    let retryMs = FIRST_RETRY_MS;
    let heartbeatMs = DEFAULT_HEARTBEAT_MS;
    let planned = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let banner: ReturnType<typeof setTimeout> | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;

    const showBanner = (afterMs: number) => {
      clearTimeout(banner);
      banner = setTimeout(() => setReconnecting(true), afterMs);
    };
    const close = () => {
      clearTimeout(silence);
      source?.close();
      source = null;
    };
    /** Any message proves the connection alive; none for a while, and it is replaced. */
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        close();
        showBanner(0);
        connect();
      }, heartbeatMs * MISSED_BEATS);
    };

    function connect() {
      clearTimeout(retry);
      if (!navigator.onLine) return showBanner(0); // `online` connects again
      const current = new EventSource(`/api/orders/stream?after=${encodeURIComponent(lastId)}${mine ? '&mine=1' : ''}${kitchen ? '&kitchen=1' : ''}`);
      source = current;
      current.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS;
        planned = false;
        clearTimeout(banner);
        setReconnecting(false);
        alive();
      });
      current.addEventListener('hello', (event) => {
        heartbeatMs = (JSON.parse(event.data) as { heartbeatMs: number }).heartbeatMs;
        alive();
      });
      current.addEventListener('heartbeat', alive);
      current.addEventListener('order', (event) => {
        alive();
        lastId = event.lastEventId || lastId;
        deliver(JSON.parse(event.data) as Order);
      });
      current.addEventListener('bye', () => {
        planned = true;
      });
      current.addEventListener('error', () => {
        if (source !== current) return;
        showBanner(planned ? PLANNED_GRACE_MS : 0);
        if (current.readyState !== EventSource.CLOSED) return;
        close();
        refused();
        retry = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      });
    }

    const offline = () => {
      close();
      showBanner(0);
    };
    const online = () => {
      if (!source) connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    connect();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      clearTimeout(retry);
      clearTimeout(banner);
      close();
    };
  }, [after, mine, kitchen]);

  return { reconnecting };
}
