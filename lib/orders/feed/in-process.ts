import 'server-only';
import type { OrderDocument, OrderSink, OrderSource } from './source';

/**
 * The embedded engine's events: one process owns the data file, so every order change is made in
 * this process, and the write path reports it here (lib/orders/place.ts when an order is paid,
 * lib/orders/orders.ts when it moves on). With MongoDB the change stream reports the same writes,
 * made by any instance, and nothing listens here.
 */

// On globalThis: Next.js may load this module in more than one bundle of the same process.
const g = globalThis as { __bistroOrderSinks?: Set<OrderSink> };
const sinks = (g.__bistroOrderSinks ??= new Set());

/**
 * Reports an order the caller has just changed. `read` loads it as stored, and is only called
 * when something listens. A failure here is logged: the change itself is already made.
 */
export async function orderWritten(read: () => Promise<OrderDocument | null>): Promise<void> {
  if (!sinks.size) return;
  try {
    const doc = await read();
    if (doc) for (const sink of sinks) sink.changed([doc]);
  } catch (err) {
    console.error('[orders] could not report an order change', err);
  }
}

export const inProcessSource: OrderSource = {
  name: 'in-process',
  start(sink) {
    sinks.add(sink);
    return () => {
      sinks.delete(sink);
    };
  },
};
