import 'server-only';
import { driverCollection, getDb, type AppDb } from '@/lib/db';
import { ordersChangedSince, shapeOrders } from '../orders';
import { streamConfig } from '../stream-config';
import { changeStreamSource } from './change-stream';
import { OrderHub } from './hub';
import { inProcessSource } from './in-process';
import { pollingSource } from './polling';
import type { OrderSource } from './source';

/** The order source this deployment has: its own writes on the embedded engine, else MongoDB's change stream. */
async function sourceFor(): Promise<OrderSource> {
  const payments = await driverCollection('payments');
  if (!payments) return inProcessSource;
  return changeStreamSource(payments, () => pollingSource((since) => ordersChangedSince(since), streamConfig().pollMs));
}

// One hub per database handle, on globalThis: Next.js may load this module in several bundles.
const g = globalThis as { __bistroOrderHubs?: WeakMap<AppDb, Promise<OrderHub>> };
const hubs = (g.__bistroOrderHubs ??= new WeakMap());

/** This process's hub of order events. */
export async function orderHub(): Promise<OrderHub> {
  const db = await getDb();
  let hub = hubs.get(db);
  if (!hub) {
    const { bufferSize, idleMs } = streamConfig();
    hub = sourceFor().then((source) => new OrderHub(source, { shape: shapeOrders, readSince: (since) => ordersChangedSince(since), bufferSize, idleMs }));
    hub.catch(() => hubs.delete(db));
    hubs.set(db, hub);
  }
  return hub;
}
