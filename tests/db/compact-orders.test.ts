/**
 * Closed orders of the last days are held compact in memory (lib/db/store.ts): their `_id` and
 * indexed fields only, the body read from disk when a query tests or returns one. The same orders
 * are written into two data directories: one opened with every order whole in memory, one with
 * the closed ones compact (and the old ones cold); every query shape the app uses must answer the
 * same in both, and writes to a compact order (a refund, a reopening, a deletion) must hold.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCollection } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { EmbeddedDb } from '@/lib/db/embedded';
import { ensureIndexes } from '@/lib/db/seed';
import { readStats, valueKey } from '@/lib/db/store';
import { countCancellation, countPaidOrder, readPeriod } from '@/lib/stats/rollups';
import { orderDoc } from '../support/order-doc';
import { COUNT, DAY, history, isCold, NEVER, queryShapes, sameOrdersIn, text } from '../support/order-history';

const base = process.env.DATA_DIR!;
const CLOSED = ['completed', 'cancelled'];
let counter = 0;

describe.skipIf(!!process.env.MONGODB_URI)('embedded engine: closed orders held compact', () => {
  let wholeDir: string;
  let compactDir: string;
  let whole: EmbeddedDb;
  let compact: EmbeddedDb;
  let orders: Array<PaymentDoc & { _id: ObjectId }>;
  const payments = (db: EmbeddedDb) => db.collection('payments') as unknown as AppCollection<PaymentDoc>;
  const open = (dir: string, compact = true) => EmbeddedDb.open({ dataDir: dir, coldOrderDays: compact ? 30 : NEVER, compact });
  /** The orders `db` holds compact. */
  const compacted = (db: EmbeddedDb) => {
    const store = db.store('payments')!;
    return [...store.docs.values()].filter((doc) => store.isCompact(doc));
  };
  const isCompact = (db: EmbeddedDb, id: ObjectId) => {
    const store = db.store('payments')!;
    const doc = store.docs.get(valueKey(id));
    return doc !== undefined && store.isCompact(doc);
  };
  const same = async (read: (c: AppCollection<PaymentDoc>) => Promise<unknown>, what: string) => {
    expect(text(await read(payments(compact))), what).toBe(text(await read(payments(whole))));
  };

  beforeEach(async () => {
    wholeDir = path.join(base, `compact-${process.pid}-${++counter}-whole`);
    compactDir = path.join(base, `compact-${process.pid}-${counter}-compact`);
    orders = history();
    await sameOrdersIn(wholeDir, compactDir, orders);
    whole = open(wholeDir, false);
    compact = open(compactDir);
  });

  afterEach(async () => {
    await whole.close();
    await compact.close();
  });

  it('holds the closed orders of the last days compact, and the open ones whole', () => {
    const expected = orders.filter((o) => CLOSED.includes(o.status) && !isCold(o, 30));
    expect(expected.length).toBeGreaterThan(5);
    expect(compacted(compact).map((doc) => doc._id)).toEqual(expected.map((o) => o._id));
    expect(compacted(whole)).toHaveLength(0);
    const store = compact.store('payments')!;
    for (const o of orders.filter((o) => !CLOSED.includes(o.status))) expect(store.isCompact(store.docs.get(valueKey(o._id))!)).toBe(false);
    // What a compact order keeps: its id and the fields its indexes and the cold rule read.
    const kept = compacted(compact)[0]!;
    expect(Object.keys(kept).sort()).toEqual(['_id', 'data', 'email', 'fulfilment', 'name', 'number', 'ownerUid', 'status', 'transactionId', 'updatedAt']);
    expect(kept.fulfilment).toEqual({ kind: expect.any(String) });
  });

  it('answers every query shape the app uses as with every order whole in memory', async () => {
    for (const [name, read] of queryShapes(orders)) await same(read, name);
  });

  it('reads from disk only the bodies a query tests or returns', async () => {
    const recent = orders.filter((o) => CLOSED.includes(o.status) && !isCold(o, 30));
    let before = readStats.unpacked;
    expect(await payments(compact).findOne({ number: recent[0]!.number })).toMatchObject({ _id: recent[0]!._id, price: recent[0]!.price });
    expect(readStats.unpacked - before).toBe(1);
    // Open orders are found through the status index without touching a compact one.
    before = readStats.unpacked;
    expect(await payments(compact).countDocuments({ status: 'pending' })).toBe(orders.filter((o) => o.status === 'pending').length);
    expect(readStats.unpacked - before).toBe(0);
    // The newest page: at most its own compact orders.
    before = readStats.unpacked;
    const page = await payments(compact).find({}).sort({ data: -1, _id: -1 }).limit(10).toArray();
    expect(readStats.unpacked - before).toBe(page.filter((o) => CLOSED.includes(o.status)).length);
    // The oldest closed orders in `_id` order (an export's page): the recent ones are tested and
    // sorted as held, and none is read, since the page is all old ones, on disk.
    before = readStats.unpacked;
    const oldest = (c: AppCollection<PaymentDoc>) => c.find({ status: { $in: CLOSED as PaymentDoc['status'][] } }).sort({ _id: 1 }).limit(5).toArray();
    const found = await oldest(payments(compact));
    expect(text(found)).toBe(text(await oldest(payments(whole))));
    expect(found.every((o) => isCold(o, 30))).toBe(true);
    expect(readStats.unpacked - before).toBe(0);
  });

  it('writes to a compact order with one conditional write: a refund, then a reopening, kept on disk and after a restart', async () => {
    const target = orders.find((o) => o.status === 'completed' && !isCold(o, 30))!;
    expect(isCompact(compact, target._id)).toBe(true);
    const refund = { id: 'r1', cents: 300, at: new Date(), status: 'done' as const };
    for (const db of [whole, compact]) {
      // The condition is tested against the whole order: a condition it fails changes nothing.
      expect((await payments(db).updateOne({ _id: target._id, status: 'pending' }, { $set: { note: 'x' } as never })).modifiedCount).toBe(0);
      expect((await payments(db).updateOne({ _id: target._id, status: 'completed', transactionId: target.transactionId, price: target.price }, { $push: { refunds: refund }, $set: { updatedAt: new Date(1) } })).modifiedCount).toBe(1);
    }
    await same((c) => c.findOne({ number: target.number }), 'refunded');
    await same((c) => c.find({ updatedAt: { $lte: new Date(1) } }).toArray(), 'by the new updatedAt');
    expect((await payments(compact).findOne({ _id: target._id }))!.refunds).toEqual([refund]);

    // Reopened: the order is whole in memory, found by its new status, and stays whole.
    for (const db of [whole, compact]) {
      const before = await payments(db).findOneAndUpdate({ transactionId: target.transactionId, status: 'completed' }, { $set: { status: 'preparing' } }, { returnDocument: 'before' });
      expect(before).toMatchObject({ status: 'completed', refunds: [refund] });
    }
    expect(isCompact(compact, target._id)).toBe(false);
    for (const [name, read] of queryShapes(orders)) await same(read, `after the writes: ${name}`);
    await same((c) => c.find({ status: 'preparing' }).sort({ data: -1, _id: -1 }).toArray(), 'by the new status');

    await compact.close();
    compact = open(compactDir);
    expect(isCompact(compact, target._id)).toBe(false);
    expect(await payments(compact).findOne({ _id: target._id })).toMatchObject({ status: 'preparing', refunds: [refund] });
    // Closed again: compact after the sweep, once the write is on disk.
    await payments(compact).updateOne({ _id: target._id, status: 'preparing' }, { $set: { status: 'completed' } });
    await payments(whole).updateOne({ _id: target._id, status: 'preparing' }, { $set: { status: 'completed' } });
    await compact.sweepCold();
    expect(isCompact(compact, target._id)).toBe(true);
    for (const [name, read] of queryShapes(orders)) await same(read, `closed again: ${name}`);
  });

  it('holds an order closed while it runs compact after the sweep, as a restart would', async () => {
    const fresh = { ...orderDoc({ status: 'ready', data: new Date(Date.now() - DAY), number: 5000 }), _id: new ObjectId() };
    for (const db of [whole, compact]) {
      await payments(db).insertOne({ ...fresh });
      await payments(db).updateOne({ _id: fresh._id, status: 'ready' }, { $set: { status: 'completed' } });
    }
    expect(isCompact(compact, fresh._id)).toBe(false);
    expect(await compact.sweepCold()).toBe(0);
    expect(isCompact(compact, fresh._id)).toBe(true);
    for (const [name, read] of queryShapes(orders)) await same(read, name);
    await same((c) => c.findOne({ number: 5000 }), 'the new one');
  });

  it('deletes a compact order, and keeps unique keys unique against the compact ones', async () => {
    const [target, other] = orders.filter((o) => CLOSED.includes(o.status) && !isCold(o, 30));
    await expect(payments(compact).insertOne({ ...orderDoc({ number: target!.number }) })).rejects.toMatchObject({ code: 11000 });
    await expect(payments(compact).insertOne({ ...orderDoc(), transactionId: target!.transactionId })).rejects.toMatchObject({ code: 11000 });
    await expect(payments(compact).updateOne({ _id: other!._id }, { $set: { number: target!.number } })).rejects.toMatchObject({ code: 11000 });
    expect(isCompact(compact, other!._id)).toBe(true);
    for (const db of [whole, compact]) expect((await payments(db).deleteOne({ _id: target!._id })).deletedCount).toBe(1);
    expect(await payments(compact).findOne({ number: target!.number })).toBeNull();
    // Its number is free again.
    expect((await payments(compact).updateOne({ _id: other!._id }, { $set: { number: target!.number } })).modifiedCount).toBe(1);
    await payments(whole).updateOne({ _id: other!._id }, { $set: { number: target!.number } });
    await same((c) => c.find({}).toArray(), 'after the deletion');
    expect(await payments(compact).countDocuments({})).toBe(COUNT - 1);
  });

  it('keeps the field of an index they did not keep once it is declared (read from their bodies once), and the index then serves queries', async () => {
    const held = compacted(compact).length;
    for (const db of [whole, compact]) await payments(db).createIndex({ price: 1 });
    expect(compacted(compact)).toHaveLength(held);
    expect(compacted(compact).every((doc) => typeof doc.price === 'number')).toBe(true);
    await same((c) => c.find({ price: 13 }).toArray(), 'by price');
    await same((c) => c.find({ price: { $gte: 40 } }).sort({ price: -1 }).limit(9).toArray(), 'by price, a page');
    for (const [name, read] of queryShapes(orders)) await same(read, `with the new index: ${name}`);
    await compact.close();
    compact = open(compactDir);
    expect(compacted(compact)).toHaveLength(held);
    expect(Object.keys(compacted(compact)[0]!)).toContain('price');
    await same((c) => c.find({ price: 13 }).toArray(), 'by price, after a restart');
  });

  it('holds them whole again for an index on a field inside an array, which only the whole order holds', async () => {
    for (const db of [whole, compact]) await payments(db).createIndex({ 'lines.menuId': 1 });
    expect(compacted(compact)).toHaveLength(0);
    for (const [name, read] of queryShapes(orders)) await same(read, `with the index on lines: ${name}`);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('embedded engine: past days of the rollups held compact', () => {
  const zone = 'UTC';
  let wholeDir: string;
  let compactDir: string;
  let whole: EmbeddedDb;
  let compact: EmbeddedDb;
  let orders: Array<PaymentDoc & { _id: ObjectId }>;
  const rollups = (db: EmbeddedDb) => db.collection('dailyRollups');
  const compactDays = (db: EmbeddedDb) => {
    const store = db.store('dailyRollups')!;
    return [...store.docs.values()].filter((doc) => store.isCompact(doc)).map((doc) => doc._id as string);
  };

  beforeEach(async () => {
    wholeDir = path.join(base, `rollups-${process.pid}-${++counter}-whole`);
    compactDir = path.join(base, `rollups-${process.pid}-${counter}-compact`);
    const seed = EmbeddedDb.open({ dataDir: wholeDir, coldOrderDays: NEVER, compact: false });
    await ensureIndexes(seed);
    // Ten days, today's included, three orders each.
    orders = Array.from({ length: 30 }, (_, i) => ({ ...orderDoc({ data: new Date(Date.now() - Math.floor(i / 3) * DAY), price: 10 + i, status: 'completed' }), _id: new ObjectId() }));
    await seed.collection('payments').insertMany(orders);
    for (const order of orders) await countPaidOrder(seed, order, zone);
    await seed.close();
    cpSync(wholeDir, compactDir, { recursive: true });
    whole = EmbeddedDb.open({ dataDir: wholeDir, coldOrderDays: NEVER, compact: false });
    compact = EmbeddedDb.open({ dataDir: compactDir, coldOrderDays: NEVER });
  });

  afterEach(async () => {
    await whole.close();
    await compact.close();
  });

  it('holds the days before yesterday without their lists of ids; the figures read without a body, a late cancellation counts once', async () => {
    const days = (await rollups(whole).find({}).toArray()).map((day) => day._id as string).sort();
    expect(days).toHaveLength(10);
    const settled = days.filter((day) => day < new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10));
    expect(compactDays(compact).sort()).toEqual(settled);
    expect(settled.length).toBeGreaterThanOrEqual(7);

    let before = readStats.unpacked;
    const figures = await readPeriod(compact, {});
    expect(readStats.unpacked - before).toBe(0);
    expect(text(figures)).toBe(text(await readPeriod(whole, {})));
    expect(text(await readPeriod(compact, { from: settled[1], to: days.at(-1) }))).toBe(text(await readPeriod(whole, { from: settled[1], to: days.at(-1) })));
    // The lists themselves are read from disk.
    before = readStats.unpacked;
    expect(text(await rollups(compact).find({}).sort({ _id: 1 }).toArray())).toBe(text(await rollups(whole).find({}).sort({ _id: 1 }).toArray()));
    expect(readStats.unpacked - before).toBe(settled.length);

    // An old order cancelled now: counted once on its day, however often applied.
    const old = orders.at(-1)!;
    for (const db of [whole, compact]) {
      for (let i = 0; i < 2; i++) await countCancellation(db, { ...old, status: 'cancelled' }, zone);
    }
    expect(text(await rollups(compact).find({}).sort({ _id: 1 }).toArray())).toBe(text(await rollups(whole).find({}).sort({ _id: 1 }).toArray()));
    expect(text(await readPeriod(compact, {}))).toBe(text(await readPeriod(whole, {})));
    expect((await readPeriod(compact, {})).cancelled).toBe(1);
    await compact.sweepCold();
    expect(compactDays(compact).sort()).toEqual(settled);
    expect(text(await readPeriod(compact, {}))).toBe(text(await readPeriod(whole, {})));
  });
});
