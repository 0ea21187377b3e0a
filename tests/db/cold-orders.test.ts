/**
 * Closed orders older than the cold age live on disk only (lib/db/cold.ts). The same orders are
 * written into two data directories: one opened with every order in memory, one with the old
 * closed ones on disk only; every query shape the app uses must answer the same in both, writes
 * to a cold order must hold, and what is cold must stay out of memory, across restarts too.
 */
import path from 'node:path';
import { ObjectId, type Document } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { readStats } from '@/lib/db/store';
import { collections, getDb, type AppCollection } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { readPage } from '@/lib/pagination/page';
import { prefixRange } from '@/lib/pagination/search';
import { getOrder, listOrders } from '@/lib/orders/orders';
import { listPayments } from '@/lib/payments/history';
import { rebuildRollups, readPeriod } from '@/lib/stats/rollups';
import { orderDoc } from '../support/order-doc';
import { COUNT, DAY, history, isCold, NEVER, queryShapes, sameOrdersIn, text } from '../support/order-history';
import { adminOf, makeAdmin, makeDiner, shopperOf } from '../support/people';

const base = process.env.DATA_DIR!;
let counter = 0;

describe.skipIf(!!process.env.MONGODB_URI)('embedded engine: cold orders', () => {
  let hotDir: string;
  let coldDir: string;
  let hot: EmbeddedDb;
  let cold: EmbeddedDb;
  let orders: Array<PaymentDoc & { _id: ObjectId }>;
  const payments = (db: EmbeddedDb) => db.collection('payments') as unknown as AppCollection<PaymentDoc>;

  beforeEach(async () => {
    hotDir = path.join(base, `cold-${process.pid}-${++counter}-hot`);
    coldDir = path.join(base, `cold-${process.pid}-${counter}-cold`);
    orders = history();
    await sameOrdersIn(hotDir, coldDir, orders);
    hot = EmbeddedDb.open({ dataDir: hotDir, coldOrderDays: NEVER });
    cold = EmbeddedDb.open({ dataDir: coldDir, coldOrderDays: 30 });
  });

  afterEach(async () => {
    await hot.close();
    await cold.close();
  });

  it('keeps the closed orders older than the age on disk only, and the rest in memory', () => {
    const expected = orders.filter((o) => isCold(o, 30)).length;
    expect(expected).toBeGreaterThan(COUNT / 2);
    expect(cold.store('payments')!.docs.size).toBe(COUNT - expected);
    expect(cold.store('payments')!.cold!.count()).toBe(expected);
    expect(hot.store('payments')!.docs.size).toBe(COUNT);
  });

  it('answers every query shape the app uses as it does with every order in memory', async () => {
    const shapes = queryShapes(orders);
    for (const [name, read] of shapes) {
      const expected = text(await read(payments(hot)));
      expect(text(await read(payments(cold))), name).toBe(expected);
    }
  });

  it('reads from disk only the slice an index names', async () => {
    const before = readStats.fromDisk;
    await payments(cold).find({ ownerUid: 'bob' }).sort({ data: -1, _id: -1 }).limit(5).toArray();
    // The five, and the row after them that shows nothing ties with the fifth.
    expect(readStats.fromDisk - before).toBeLessThanOrEqual(6);
    const one = readStats.fromDisk;
    expect(await payments(cold).findOne({ number: 3 })).toMatchObject({ number: 3 });
    expect(readStats.fromDisk - one).toBe(1);
  });

  it("reads the exports' pages in `_id` order across the boundary: every order once, in order, a page from disk at a time", async () => {
    const ids: string[] = [];
    let after: ObjectId | undefined;
    for (;;) {
      const before = readStats.fromDisk;
      const page = await payments(cold).find(after ? { _id: { $gt: after } } : {}).sort({ _id: 1 }).limit(50).toArray();
      // The page's cold orders, and the row after them.
      expect(readStats.fromDisk - before).toBeLessThanOrEqual(51);
      ids.push(...page.map((d) => d._id.toHexString()));
      if (page.length < 50) break;
      after = page.at(-1)!._id;
    }
    expect(ids).toEqual(orders.map((o) => o._id.toHexString()).sort());
  });

  it('reads a search by the start of a name, and the conditions on other indexed fields, from disk by index', async () => {
    const bob = (o: PaymentDoc) => Boolean(o.name?.startsWith('Bob'));
    let before = readStats.fromDisk;
    expect(await payments(cold).find({ name: prefixRange('Bob') }).toArray()).toHaveLength(orders.filter(bob).length);
    expect(readStats.fromDisk - before).toBe(orders.filter((o) => bob(o) && isCold(o, 30)).length);
    before = readStats.fromDisk;
    // One completed order in six is at a table: the others are left out by SQLite, never decoded.
    expect(await payments(cold).find({ status: 'completed', 'fulfilment.kind': 'table' }).sort({ data: -1, _id: -1 }).limit(5).toArray()).toHaveLength(5);
    expect(readStats.fromDisk - before).toBeLessThanOrEqual(6);
  });

  it('reads no further on disk than the first row after what memory already holds of a page', async () => {
    const newest = [...orders].sort((a, b) => b.data.getTime() - a.data.getTime()).slice(0, 20);
    expect(newest.some((o) => isCold(o, 30))).toBe(false);
    const before = readStats.fromDisk;
    const page = await payments(cold).find({}).sort({ data: -1, _id: -1 }).limit(20).toArray();
    expect(page.map((o) => o._id)).toEqual(newest.map((o) => o._id));
    // Every cold row comes after the 20th in memory: SQLite leaves them all out, none is read.
    expect(readStats.fromDisk - before).toBe(0);
  });

  it('lists on disk no row of a search that sorts after what memory already holds of its page', async () => {
    const search = { $or: [{ email: prefixRange('bob') }, { name: prefixRange('Bob') }] };
    const read = (db: EmbeddedDb) => payments(db).find(search).sort({ data: -1, _id: -1 }).limit(5).toArray();
    const before = { listed: readStats.listed, fromDisk: readStats.fromDisk };
    const found = await read(cold);
    expect(text(found)).toBe(text(await read(hot)));
    expect(found.every((o) => !isCold(o, 30))).toBe(true);
    // Bob's 60-odd orders on disk are all older than the fifth: SQLite leaves them out, where it
    // listed and sorted every one of them, twice (the email's branch and the name's), for nothing.
    expect(orders.filter((o) => o.ownerUid === 'bob' && isCold(o, 30)).length).toBeGreaterThan(50);
    expect(readStats.listed - before.listed).toBe(0);
    expect(readStats.fromDisk - before.fromDisk).toBe(0);
  });

  it('keeps, in an ascending read, the rows on disk whose sort field is missing: they come first', async () => {
    // Payments from before order numbers have none (the index on `number` is sparse).
    const dirs = [path.join(base, `cold-${process.pid}-${++counter}-a`), path.join(base, `cold-${process.pid}-${counter}-b`)];
    const numberless = orders.filter((o, i) => isCold(o, 30) && i % 40 === 0);
    expect(numberless.length).toBeGreaterThan(3);
    await sameOrdersIn(dirs[0]!, dirs[1]!, orders.map((o) => (numberless.includes(o) ? (({ number: _, ...rest }) => rest)(o) : o)));
    const [whole, split] = [EmbeddedDb.open({ dataDir: dirs[0]!, coldOrderDays: NEVER }), EmbeddedDb.open({ dataDir: dirs[1]!, coldOrderDays: 30 })];
    try {
      const read = (db: EmbeddedDb) => payments(db).find({}).sort({ number: 1, _id: 1 }).limit(numberless.length + 2).toArray();
      const found = await read(split);
      expect(found.slice(0, numberless.length).map((o) => o.number)).toEqual(numberless.map(() => undefined));
      expect(text(found)).toBe(text(await read(whole)));
    } finally {
      await whole.close();
      await split.close();
    }
  });

  it("decodes a row once for a search whose branches find the same orders (a diner's email and name)", async () => {
    const search = { $or: [{ email: prefixRange('bob') }, { name: prefixRange('Bob') }] };
    const before = readStats.fromDisk;
    const found = await payments(cold).find(search).sort({ data: -1, _id: -1 }).limit(150).toArray();
    expect(text(found)).toBe(text(await payments(hot).find(search).sort({ data: -1, _id: -1 }).limit(150).toArray()));
    // Memory holds too few: the page reaches past every cold order of Bob's, each decoded once.
    const onDisk = orders.filter((o) => o.ownerUid === 'bob' && isCold(o, 30)).length;
    expect(found.length).toBe(orders.filter((o) => o.ownerUid === 'bob').length);
    expect(readStats.fromDisk - before).toBe(onDisk);
  });

  it('reads by an index declared while it runs through that index at once', async () => {
    await payments(cold).createIndex({ price: 1 });
    const before = readStats.fromDisk;
    const found = await payments(cold).find({ price: 13 }).toArray();
    expect(found.length).toBe(orders.filter((o) => o.price === 13).length);
    expect(readStats.fromDisk - before).toBe(orders.filter((o) => o.price === 13 && isCold(o, 30)).length);
  });

  it('pages through history across the boundary without gaps or duplicates, as with everything in memory', async () => {
    const walk = async (db: EmbeddedDb, filter: Document) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await readPage(payments(db), { list: 'orders', scope: filter, filter, key: 'data' }, { limit: 13, cursor });
        ids.push(...page.docs.map((d) => d._id.toHexString()));
        cursor = page.next ?? undefined;
      } while (cursor);
      return ids;
    };
    const search = { $or: [{ email: prefixRange('an') }, { name: prefixRange('Cy') }] };
    for (const filter of [{}, { ownerUid: 'ann' }, { status: { $in: ['completed', 'pending'] } }, { status: 'completed', 'fulfilment.kind': 'pickup' }, search]) {
      const ids = await walk(cold, filter);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await walk(hot, filter));
      const all = await payments(hot).countDocuments(filter as never);
      expect(ids).toHaveLength(all);
    }
  });

  it('writes to a cold order: the write is kept, on disk too, and the order is cold again after a restart', async () => {
    const target = orders.find((o) => isCold(o, 30) && o.status === 'completed')!;
    const refund = { id: 'r1', cents: 300, at: new Date(), status: 'done' as const };
    for (const db of [hot, cold]) {
      const result = await payments(db).updateOne({ _id: target._id, status: 'completed' }, { $push: { refunds: refund }, $set: { updatedAt: new Date(1) } });
      expect(result.modifiedCount).toBe(1);
    }
    const read = (db: EmbeddedDb) => payments(db).findOne({ number: target.number });
    expect(text(await read(cold))).toBe(text(await read(hot)));
    expect((await read(cold))!.refunds).toHaveLength(1);
    expect(await payments(cold).countDocuments({})).toBe(COUNT);

    await cold.close();
    cold = EmbeddedDb.open({ dataDir: coldDir, coldOrderDays: 30 });
    expect((await read(cold))!.refunds).toEqual([refund]);
    expect(cold.store('payments')!.docs.has(`{"$oid":"${target._id.toHexString()}"}`)).toBe(false);
    expect(cold.store('payments')!.docs.size).toBe(orders.filter((o) => !isCold(o, 30)).length);
  });

  it('deletes a cold order at once and for good', async () => {
    const target = orders.find((o) => isCold(o, 30))!;
    expect((await payments(cold).deleteOne({ _id: target._id })).deletedCount).toBe(1);
    expect(await payments(cold).findOne({ _id: target._id })).toBeNull();
    expect(await payments(cold).countDocuments({})).toBe(COUNT - 1);
    await cold.close();
    cold = EmbeddedDb.open({ dataDir: coldDir, coldOrderDays: 30 });
    expect(await payments(cold).findOne({ number: target.number })).toBeNull();
  });

  it('keeps unique keys unique against the cold orders', async () => {
    const target = orders.find((o) => isCold(o, 30))!;
    const other = orders.find((o) => isCold(o, 30) && o !== target)!;
    await expect(payments(cold).insertOne({ ...orderDoc({ number: target.number }) })).rejects.toMatchObject({ code: 11000 });
    await expect(payments(cold).insertOne({ ...orderDoc(), transactionId: target.transactionId })).rejects.toMatchObject({ code: 11000 });
    await expect(payments(cold).insertOne({ ...orderDoc(), _id: target._id })).rejects.toMatchObject({ code: 11000 });
    await expect(payments(cold).updateOne({ _id: other._id }, { $set: { number: target.number } })).rejects.toMatchObject({ code: 11000 });
    // Its own key, written again, is no clash.
    expect((await payments(cold).updateOne({ _id: target._id }, { $set: { number: target.number, note: 'x' } as never })).modifiedCount).toBe(1);
  });

  it('drops orders from memory as they turn cold while it runs, and they still answer', async () => {
    const old = { ...orderDoc({ status: 'completed', data: new Date(Date.now() - 40 * DAY), number: 5000 }), _id: new ObjectId() };
    await payments(cold).insertOne(old);
    const inMemory = cold.store('payments')!.docs.size;
    expect(await cold.sweepCold()).toBe(1);
    expect(cold.store('payments')!.docs.size).toBe(inMemory - 1);
    expect(await payments(cold).findOne({ number: 5000 })).toMatchObject({ _id: old._id, status: 'completed' });
    // A year on, every closed order is cold; the open ones stay.
    const open = orders.filter((o) => !['completed', 'cancelled'].includes(o.status)).length;
    await cold.sweepCold(new Date(Date.now() + 365 * DAY));
    expect(cold.store('payments')!.docs.size).toBe(open);
    expect(await payments(cold).countDocuments({})).toBe(COUNT + 1);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('cold orders through the app', () => {
  it("a receipt, by id and by number, a diner's history and a rebuilt year's rollups are the same once the orders are on disk only", async () => {
    const { payments, dailyRollups } = await collections();
    const db = (await getDb()) as EmbeddedDb;
    await Promise.all([payments.deleteMany({}), dailyRollups.deleteMany({})]);
    const admin = await adminOf(await makeAdmin());
    const person = await makeDiner();
    const diner = await shopperOf(person);
    const mine = history().map((o, i) => ({ ...o, ownerUid: i % 2 ? diner.uid : 'someone', email: i % 2 ? person.email : o.email }));
    await payments.insertMany(mine);
    const target = mine.find((o, i) => i % 2 && o.status === 'completed' && o.data.getTime() < Date.now() - 100 * DAY)!;

    const read = async () => {
      await rebuildRollups(db);
      const history: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await listPayments(diner, person.email, { limit: 50, cursor });
        history.push(...page.items);
        cursor = page.next ?? undefined;
      } while (cursor);
      return text({
        byId: await getOrder(diner, target._id.toHexString()),
        byNumber: (await listOrders(admin, { search: `#${target.number}` })).items,
        history,
        year: await readPeriod(db, {}),
        rollups: await dailyRollups.find({}).sort({ _id: 1 }).toArray(),
      });
    };
    const inMemory = await read();
    const dropped = await db.sweepCold(new Date(Date.now() + 2 * 365 * DAY));
    expect(dropped).toBe(mine.filter((o) => ['completed', 'cancelled'].includes(o.status)).length);
    expect(await payments.findOne({ _id: target._id })).not.toBeNull();
    expect(db.store('payments')!.docs.has(`{"$oid":"${target._id.toHexString()}"}`)).toBe(false);
    expect(await read()).toBe(inMemory);
  });
});
