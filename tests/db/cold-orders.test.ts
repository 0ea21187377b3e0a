/**
 * Closed orders older than the cold age live on disk only (lib/db/cold.ts). The same orders are
 * written into two data directories: one opened with every order in memory, one with the old
 * closed ones on disk only; every query shape the app uses must answer the same in both, writes
 * to a cold order must hold, and what is cold must stay out of memory, across restarts too.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { BSON, ObjectId, type Document } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { readStats } from '@/lib/db/store';
import { collections, getDb, type AppCollection } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { ensureIndexes } from '@/lib/db/seed';
import { readPage } from '@/lib/pagination/page';
import { nameForms, prefixRange } from '@/lib/pagination/search';
import { getOrder, listOrders } from '@/lib/orders/orders';
import { listPayments } from '@/lib/payments/history';
import { rebuildRollups, readPeriod } from '@/lib/stats/rollups';
import { orderDoc } from '../support/order-doc';
import { adminOf, makeAdmin, makeDiner, shopperOf } from '../support/people';

const base = process.env.DATA_DIR!;
const COUNT = 400;
const DAY = 86_400_000;
const NEVER = 1_000_000;
const STATUSES = ['completed', 'completed', 'cancelled', 'pending', 'ready', 'completed'] as const;
/** Characters JavaScript and SQLite order differently (UTF-16 units against code points): a surrogate pair, and two above it. */
const HIGH = ['\u{1F600}', '\uF000', '\uE000'];
let counter = 0;

/** Orders over the last 400 days, newest last, in every status, of three diners (some names with HIGH characters), numbered. */
function history(): Array<PaymentDoc & { _id: ObjectId }> {
  const now = Date.now();
  return Array.from({ length: COUNT }, (_, i) => {
    const paid = new Date(now - (COUNT - i) * DAY + (i % 7) * 1000);
    const owner = ['ann', 'bob', 'cy'][i % 3]!;
    return {
      ...orderDoc({
        ownerUid: owner,
        email: `${owner}@bistro.test`,
        name: `${owner[0]!.toUpperCase()}${owner.slice(1)}${i % 10 === 9 ? HIGH[i % 3] : ''} ${i % 5}`,
        data: paid,
        updatedAt: new Date(paid.getTime() + 3_600_000),
        status: STATUSES[i % STATUSES.length]!,
        number: i + 1,
        price: 10 + (i % 40),
        fulfilment: i % 4 ? { kind: 'pickup', date: paid.toISOString().slice(0, 10), time: '12:00', asap: false } : { kind: 'table', table: 1 + (i % 9) },
      }),
      _id: ObjectId.createFromTime(Math.floor(paid.getTime() / 1000)),
    };
  });
}

const isCold = (doc: PaymentDoc, days: number) => ['completed', 'cancelled'].includes(doc.status) && doc.data.getTime() < Date.now() - days * DAY;

const text = (value: unknown) => BSON.EJSON.stringify(value as Document, { relaxed: true });

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
    const seed = EmbeddedDb.open({ dataDir: hotDir, coldOrderDays: NEVER });
    await ensureIndexes(seed);
    orders = history();
    await payments(seed).insertMany(orders);
    await seed.close();
    cpSync(hotDir, coldDir, { recursive: true });
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
    const some = orders.filter((_, i) => i % 37 === 0);
    const from = new Date(Date.now() - 200 * DAY);
    const to = new Date(Date.now() - 20 * DAY);
    const shapes: Array<[string, (c: AppCollection<PaymentDoc>) => Promise<unknown>]> = [
      ['all, in insertion order', (c) => c.find({}).toArray()],
      ['the newest page', (c) => c.find({}).sort({ data: -1, _id: -1 }).limit(25).toArray()],
      ['a status, a page further on', (c) => c.find({ status: 'completed' }).sort({ data: -1, _id: -1 }).skip(10).limit(30).toArray()],
      ['statuses', (c) => c.find({ status: { $in: ['cancelled', 'ready'] } }).sort({ data: -1, _id: -1 }).limit(40).toArray()],
      ["a diner's newest", (c) => c.find({ ownerUid: 'bob' }).sort({ data: -1, _id: -1 }).limit(7).toArray()],
      ["a diner's oldest", (c) => c.find({ ownerUid: 'cy' }).sort({ data: 1, _id: 1 }).limit(3).toArray()],
      ['by number', (c) => Promise.all([1, 17, 200, 399, 400, 401].map((number) => c.findOne({ number })))],
      ['by transaction', (c) => Promise.all(some.map((o) => c.findOne({ transactionId: o.transactionId })))],
      ['by id', (c) => Promise.all(some.map((o) => c.findOne({ _id: o._id })))],
      ['by ids', (c) => c.find({ _id: { $in: some.map((o) => o._id) } }).toArray()],
      ['a range of days', (c) => c.find({ data: { $gte: from, $lt: to } }).sort({ data: 1 }).toArray()],
      ['changed since', (c) => c.find({ updatedAt: { $gte: from } }).sort({ updatedAt: -1, _id: -1 }).limit(20).toArray()],
      ['a search by email or name', (c) => c.find({ $or: [{ email: { $gte: 'an', $lt: 'ao' } }, { name: { $gte: 'Cy 3', $lt: 'Cy 4' } }] }).sort({ data: -1, _id: -1 }).limit(15).toArray()],
      ['tables', (c) => c.find({ 'fulfilment.kind': 'table' }).sort({ data: -1, _id: -1 }).limit(12).toArray()],
      ['a search by the start of an email or a name', (c) => c.find({ $or: [{ email: prefixRange('bo') }, ...nameForms('cy').map((form) => ({ name: prefixRange(form) }))] }).sort({ data: -1, _id: -1 }).limit(15).toArray()],
      ['its count', (c) => c.find({ $or: [{ email: prefixRange('bo') }, { name: prefixRange('Cy') }] }, { projection: { _id: 1 } }).sort({ data: -1, _id: -1 }).limit(120).toArray()],
      ['names past U+D800', (c) => Promise.all([
        c.find({ name: prefixRange('Ann') }).sort({ data: -1, _id: -1 }).limit(200).toArray(),
        c.find({ name: { $gt: 'Ann\uE000', $lte: 'Bob\u{1F600}' } }).toArray(),
        c.find({ name: { $gte: 'Ann\u{1F600}', $lt: 'Ann\uF000 4' } }).sort({ data: 1 }).limit(50).toArray(),
        c.find({ name: { $lt: '\uE000' } }).sort({ data: -1, _id: -1 }).limit(5).toArray(),
      ])],
      ['a status and pickups', (c) => c.find({ status: 'completed', 'fulfilment.kind': 'pickup' }).sort({ data: -1, _id: -1 }).limit(30).toArray()],
      ['a status and tables, without a sort', (c) => c.find({ status: { $in: ['completed', 'cancelled'] }, 'fulfilment.kind': 'table' }).limit(20).toArray()],
      ['no index', (c) => c.find({ price: { $gt: 45 } }).toArray()],
      ['the first without a sort', (c) => c.findOne({ status: 'cancelled' })],
      ['counts', (c) => Promise.all([c.countDocuments({}), c.countDocuments({ status: 'cancelled' }), c.countDocuments({ status: 'pending' })])],
      ['a projection', (c) => c.find({ ownerUid: 'ann' }, { projection: { number: 1, status: 1 } }).sort({ data: -1 }).limit(9).toArray()],
      ['a report', (c) => c.aggregate([{ $match: { data: { $gte: from } } }, { $group: { _id: '$status', n: { $sum: 1 }, cents: { $sum: '$subtotalCents' } } }, { $sort: { _id: 1 } }]).toArray()],
      ['a pipeline without $match', (c) => c.aggregate([{ $group: { _id: '$ownerUid', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()],
      ['the newest by a pipeline', (c) => c.aggregate([{ $match: { ownerUid: 'ann' } }, { $sort: { data: -1 } }, { $limit: 4 }]).toArray()],
    ];
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
    // The newest cold row, which comes after the 20th in memory: nothing past it is read.
    expect(readStats.fromDisk - before).toBe(1);
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
