/**
 * The embedded store answers with SQL what SQL can say (lib/docstore/compile.ts) and leaves the
 * rest to mingo: every query shape the app sends to the orders answers the same on a collection
 * with the app's indexes as on one without any (which SQL can only scan, and mingo tests whole),
 * and each of them is an index search, never a scan of the orders. Skipped on MongoDB.
 */
import { ObjectId, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, type AppCollection } from '@/lib/db';
import type { Collections, PaymentDoc } from '@/lib/db/documents';
import { watchQueryPlans } from '@/lib/db/embedded';
import { ensureIndexes } from '@/lib/db/seed';
import { readStats, type QueryPlan } from '@/lib/docstore';
import { history, queryShapes, text } from '../support/order-history';
import { failOnScan, scanOf } from '../support/query-plans';

const orders = history();

describe.skipIf(!!process.env.MONGODB_URI)('SQL and mingo on a year of orders', () => {
  let indexed: AppCollection<PaymentDoc>;
  let plain: AppCollection<PaymentDoc>;
  const plans: QueryPlan[] = [];

  beforeAll(async () => {
    const db = await getDb();
    await ensureIndexes(db);
    indexed = db.collection('payments');
    plain = db.collection('scanProbe' as keyof Collections) as unknown as AppCollection<PaymentDoc>;
    await (indexed as unknown as AppCollection<Document>).insertMany(orders.map((o) => ({ ...o })));
    await (plain as unknown as AppCollection<Document>).insertMany(orders.map((o) => ({ ...o })));
    // Recorded, not refused: the shape no index serves is compared here on purpose.
    watchQueryPlans((plan) => plans.push(plan));
  });
  afterAll(() => watchQueryPlans(failOnScan));

  for (const [shape, query] of queryShapes(orders)) {
    it(`answers ${shape} as mingo does`, async () => {
      const fromSql = await query(indexed);
      const fromMingo = await query(plain);
      expect(text(fromSql)).not.toBe(text([]));
      if (/without a sort/.test(shape)) {
        // No order is promised, so which of the matches comes first (or within the limit) is not either.
        const sql = [fromSql].flat() as PaymentDoc[];
        const mingo = [fromMingo].flat() as PaymentDoc[];
        expect(sql.map((o) => o.status).sort(), shape).toEqual(mingo.map((o) => o.status).sort());
        const stored = new Set(orders.map((o) => text(o)));
        for (const order of sql) expect(stored.has(text(order)), shape).toBe(true);
        return;
      }
      expect(text(fromSql), shape).toBe(text(fromMingo));
    });
  }

  it('reads the orders of each shape through an index, never by a scan of the collection, but where no index serves the filter', async () => {
    plans.length = 0;
    for (const [shape, query] of queryShapes(orders)) if (shape !== 'no index') await query(indexed);
    expect(plans.map(scanOf).filter(Boolean)).toEqual([]);
    expect(plans.filter((plan) => plan.collection === 'payments').length).toBeGreaterThan(20);
  });

  it('reads from SQLite only the rows a page returns when SQL says the whole filter, and counts without reading any', async () => {
    const before = readStats.rows;
    const page = await indexed.find({ status: 'completed' }).sort({ data: -1, _id: -1 }).skip(10).limit(30).toArray();
    expect(page).toHaveLength(30);
    expect(readStats.rows - before).toBe(30);
    const counted = readStats.rows;
    expect(await indexed.countDocuments({ status: { $in: ['completed', 'cancelled'] } })).toBe(orders.filter((o) => ['completed', 'cancelled'].includes(o.status)).length);
    expect(readStats.rows).toBe(counted);
  });

  it("pages an $or in a sort from its branches' indexes when few match, and down the sort's index when many do, as mingo answers", async () => {
    const shapes = [
      // Two thirds of the orders: the sort's index, walked from the top.
      { $or: [{ status: 'completed' }, { status: 'cancelled' }, { ownerUid: 'nobody' }] },
      // A handful: each branch read from its own index with its sort keys.
      { $or: [{ number: { $in: [3, 33, 333] } }, { transactionId: orders[100]!.transactionId }] },
    ];
    const plans: QueryPlan[] = [];
    watchQueryPlans((plan) => plans.push(plan));
    try {
      for (const filter of shapes) {
        for (const [skip, limit] of [[0, 5], [3, 4]] as const) {
          const page = (c: AppCollection<PaymentDoc>) => c.find(filter as never).sort({ data: -1, _id: -1 }).skip(skip).limit(limit).toArray();
          expect(text(await page(indexed))).toBe(text(await page(plain)));
        }
      }
    } finally {
      watchQueryPlans(failOnScan);
    }
    const payments = plans.filter((plan) => plan.collection === 'payments').map((plan) => plan.sql);
    expect(payments.filter((sql) => sql.includes(' AND +(')).length).toBe(2);
    expect(payments.filter((sql) => sql.includes(' UNION ')).length).toBe(2);
  });

  it('compares values by type as MongoDB does: a number matches no string, a date no string, null matches missing', async () => {
    const probe = (await getDb()).collection('typeProbe' as keyof Collections) as unknown as AppCollection<Document>;
    await probe.createIndex({ v: 1 });
    const at = new Date('2026-01-02T03:04:05Z');
    const values: unknown[] = [5, '5', 'b', at, at.toISOString(), new ObjectId('65a000000000000000000001'), true, 1, null, 0, false];
    await probe.insertMany([...values.map((v, i): Document => ({ i, v })), { i: values.length }]);
    const matched = async (filter: Document) => (await probe.find(filter).sort({ i: 1 }).toArray()).map((d) => d.i);
    expect(await matched({ v: { $gt: 0 } })).toEqual([0, 7]);
    expect(await matched({ v: { $gte: '' } })).toEqual([1, 2, 4]);
    expect(await matched({ v: { $lte: at } })).toEqual([3]);
    expect(await matched({ v: true })).toEqual([6]);
    expect(await matched({ v: 1 })).toEqual([7]);
    expect(await matched({ v: null })).toEqual([8, 11]);
    expect(await matched({ v: { $in: [false, '5', null] } })).toEqual([1, 8, 10, 11]);
    // In MongoDB's order of types: missing and null (missing first, where MongoDB makes them equal),
    // numbers, strings, ObjectIds, booleans, dates.
    expect((await probe.find({}).sort({ v: 1 }).toArray()).map((d) => d.i)).toEqual([11, 8, 9, 7, 0, 4, 1, 2, 5, 10, 6, 3]);
  });
});
