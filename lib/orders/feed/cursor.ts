import { clockMs } from '@/lib/settings/clock';
import type { Order } from '../types';

/**
 * The `id:` of each event, which a reconnecting EventSource sends back as Last-Event-ID:
 * `<updatedAt in ms>.<order id>`. The same change has the same id on every instance, so a client
 * may reconnect to any of them; an id a server no longer holds in its buffer still says from when
 * to catch up. `<ms>` alone (what a page rendered on the server starts from) is a time only.
 */
export interface Cursor {
  /** The id as sent. */
  id: string;
  /** Changes made from about this time on (ms since the epoch) are the ones the client may lack. */
  at: number;
}

/**
 * How far before a cursor's time a catch-up reads: writes are stamped with `updatedAt` a moment
 * before they commit, instances' clocks differ a little, and a change stream reports a write a
 * little after it. A catch-up may send a change the client already has; applying it twice changes
 * nothing (clients keep the later status of an order, lib/orders/status.ts `isLaterStatus`).
 */
export const CLOCK_MARGIN_MS = 10_000;

const FORMAT = /^(\d{1,15})(?:\.[0-9a-f]{24})?$/;

export function eventIdOf(order: Pick<Order, '_id' | 'updatedAt'>): string {
  return `${Date.parse(order.updatedAt)}.${order._id}`;
}

/** A time to start from, for a client that has read the orders as they are at `now`. */
export function cursorAt(now = clockMs()): string {
  return String(now);
}

/** The cursor an id names, or null when it is not one this stream sends. */
export function parseCursor(id: string): Cursor | null {
  const match = FORMAT.exec(id);
  return match ? { id, at: Number(match[1]) } : null;
}
