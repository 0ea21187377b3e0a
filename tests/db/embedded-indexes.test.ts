/**
 * What the embedded engine reads to answer a query: the documents it tests against a filter and
 * the ones it copies to hand out (lib/db/store.ts `readStats`). That the answers are the same as
 * a full scan's is the contract suite's part; this holds the engine to reading only what an index
 * names and copying only what it returns. Skipped when MONGODB_URI selects a real MongoDB.
 */
import path from 'node:path';
import { ObjectId, type Document } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { readStats } from '@/lib/db/store';
import type { AppCollection } from '@/lib/db';
import type { Collections } from '@/lib/db/documents';

const base = process.env.DATA_DIR!;
let counter = 0;
const COUNT = 3000;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

let db: EmbeddedDb;
let dir: string;
let orders: AppCollection<Document>;

function open() {
  db = EmbeddedDb.open({ dataDir: dir });
  orders = db.collection('indexProbe' as keyof Collections) as unknown as AppCollection<Document>;
}

/** What one read cost. */
async function cost<R>(read: () => Promise<R>): Promise<{ result: R; examined: number; copied: number }> {
  const before = { ...readStats };
  const result = await read();
  return { result, examined: readStats.examined - before.examined, copied: readStats.copied - before.copied };
}

beforeEach(async () => {
  dir = path.join(base, `indexes-${process.pid}-${++counter}`);
  open();
  await orders.createIndex({ owner: 1, at: 1 });
  await orders.createIndex({ at: -1 });
  await orders.createIndex({ state: 1, _id: -1 });
  await orders.insertMany(Array.from({ length: COUNT }, (_, i) => ({
    _id: new ObjectId(), i, owner: `o${i % 100}`, at: day(i % 365), state: i % 10 ? 'completed' : 'open', note: 'x'.repeat(50),
  })));
});

afterEach(async () => {
  await db.close();
});

describe.skipIf(!!process.env.MONGODB_URI)('embedded engine: what a query reads', () => {
  it('an equality, an $in or a range on indexed fields tests only the documents the index names, and copies only those returned', async () => {
    const owner = await cost(() => orders.find({ owner: 'o7' }).toArray());
    expect(owner.result).toHaveLength(COUNT / 100);
    expect(owner).toMatchObject({ examined: COUNT / 100, copied: COUNT / 100 });

    const both = await cost(() => orders.find({ owner: { $in: ['o7', 'o8'] }, at: { $gte: day(200) } }).toArray());
    expect(both.result.every((d) => ['o7', 'o8'].includes(d.owner) && d.at >= day(200))).toBe(true);
    expect(both.result.length).toBeGreaterThan(0);
    expect(both).toMatchObject({ examined: both.result.length, copied: both.result.length });

    const range = await cost(() => orders.find({ at: { $gt: day(10), $lte: day(12) } }, { projection: { i: 1 } }).toArray());
    expect(range.result).toHaveLength(Math.ceil(COUNT / 365) * 2 - 0);
    expect(range).toMatchObject({ examined: range.result.length, copied: range.result.length });

    // Each branch of an $or through its own index; one branch no index serves makes it a scan.
    const either = await cost(() => orders.find({ $or: [{ owner: 'o7' }, { at: day(0) }] }).toArray());
    expect(either.result).toHaveLength(COUNT / 100 + Math.ceil(COUNT / 365));
    expect(either).toMatchObject({ examined: either.result.length, copied: either.result.length });
    expect((await cost(() => orders.countDocuments({ $or: [{ owner: 'o7' }, { i: 5 }] }))).examined).toBe(COUNT);

    const counted = await cost(() => orders.countDocuments({ state: 'open' }));
    expect(counted).toEqual({ result: COUNT / 10, examined: COUNT / 10, copied: 0 });

    // A field no index holds is a scan: every document is tested, still only the answer copied.
    const scan = await cost(() => orders.find({ i: { $lt: 3 } }).toArray());
    expect(scan).toMatchObject({ examined: COUNT, copied: 3 });
  });

  it('pages in `_id` order, each after the last (the exports), test and copy only the page', async () => {
    const ids: string[] = [];
    let after: ObjectId | undefined;
    for (;;) {
      const page = await cost(() => orders.find(after ? { _id: { $gt: after } } : {}).sort({ _id: 1 }).limit(700).toArray());
      expect(page).toMatchObject({ examined: page.result.length, copied: page.result.length });
      ids.push(...page.result.map((d) => d._id.toHexString()));
      if (page.result.length < 700) break;
      after = page.result.at(-1)!._id;
    }
    expect(ids).toEqual((await orders.find({}).toArray()).map((d) => d._id.toHexString()));
  });

  it('a sort an index holds stops at the limit, on its own or after a pinned prefix', async () => {
    const newest = await cost(() => orders.find({}).sort({ at: -1 }).limit(5).toArray());
    expect(newest.result.map((d) => d.at)).toEqual(Array(5).fill(day(364)));
    // The documents of the last day that fall in the limit tie on the sort: all of them are read, to keep the first inserted.
    expect(newest.examined).toBeLessThanOrEqual(Math.ceil(COUNT / 365));
    expect(newest.copied).toBe(5);

    const open = await cost(() => orders.find({ state: 'open' }, { sort: { _id: -1 }, skip: 2, limit: 3 }).toArray());
    expect(open.result.map((d) => d.i)).toEqual([COUNT - 30, COUNT - 40, COUNT - 50]);
    expect(open).toMatchObject({ examined: 5, copied: 3 });

    const mine = await cost(() => orders.find({ owner: 'o3' }).sort({ at: -1 }).limit(2).toArray());
    const o3 = Array.from({ length: COUNT / 100 }, (_, k) => 3 + 100 * k).sort((a, b) => (b % 365) - (a % 365));
    expect(mine.result.map((d) => d.i)).toEqual(o3.slice(0, 2));
    expect(mine).toMatchObject({ examined: 2, copied: 2 });

    const one = await cost(() => orders.findOne({ owner: 'o3' }, { sort: { at: 1 } }));
    expect(one.result?.i).toBe(3);
    expect(one).toMatchObject({ examined: 1, copied: 1 });
  });

  it('an $or of narrow branches with a sort reads their slices, not the sorted index up to the limit', async () => {
    const search = await cost(() => orders.find({ $or: [{ owner: 'o7' }, { owner: 'o8', at: { $gte: day(100) } }] }).sort({ at: -1, _id: -1 }).limit(50).toArray());
    const all = (await orders.find({}).toArray()).filter((d) => d.owner === 'o7' || (d.owner === 'o8' && d.at >= day(100)));
    expect(search.result.map((d) => d.i)).toEqual(all.sort((a, b) => b.at - a.at || (b._id.toHexString() > a._id.toHexString() ? 1 : -1)).slice(0, 50).map((d) => d.i));
    expect(all.length).toBeGreaterThan(50);
    expect(search.examined).toBe(all.length);
  });

  it('a pipeline that starts with $match reads only the documents that match', async () => {
    const totals = await cost(() => orders.aggregate([{ $match: { owner: 'o9' } }, { $group: { _id: '$state', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray());
    expect(totals.result).toEqual([{ _id: 'completed', n: 30 }]);
    expect(totals).toMatchObject({ examined: 30, copied: 30 });

    const latest = await cost(() => orders.aggregate([{ $match: { state: 'completed' } }, { $sort: { at: -1 } }, { $limit: 3 }, { $project: { _id: 0, i: 1 } }]).toArray());
    expect(latest.result).toHaveLength(3);
    expect(latest.copied).toBeLessThanOrEqual(Math.ceil(COUNT / 365));

    // Without a $match first, the pipeline reads the collection.
    const all = await cost(() => orders.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }]).toArray());
    expect(all).toMatchObject({ result: [{ _id: null, n: COUNT }], copied: COUNT });
  });

  it('the indexes follow writes, and hold after a reopen', async () => {
    await orders.updateMany({ owner: 'o1' }, { $set: { owner: 'o2' } });
    await orders.deleteMany({ owner: 'o2', at: { $lt: day(100) } });
    const kept = Array.from({ length: COUNT }, (_, i) => i).filter((i) => [1, 2].includes(i % 100) && i % 365 >= 100);
    const moved = await cost(() => orders.find({ owner: 'o2' }).toArray());
    expect(moved.result.map((d) => d.i).sort((a, b) => a - b)).toEqual(kept);
    expect(moved.examined).toBe(moved.result.length);
    expect(await orders.countDocuments({ owner: 'o1' })).toBe(0);

    await db.close();
    open();
    const again = await cost(() => orders.find({ owner: 'o2' }, { sort: { at: -1 }, limit: 4 }).toArray());
    expect(again.result.map((d) => d.i)).toEqual(moved.result.sort((a, b) => b.at - a.at || a.i - b.i).slice(0, 4).map((d) => d.i));
    expect(again).toMatchObject({ examined: 4, copied: 4 });
  });
});
