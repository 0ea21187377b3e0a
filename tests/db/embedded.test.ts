/**
 * What only the embedded store has to get right: the file, the lock, durability.
 * Skipped when MONGODB_URI selects a real MongoDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ObjectId, type Document } from 'mongodb';
import { Query } from 'mingo/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDb, collections, describeDb, getDb, type AppCollection } from '@/lib/db';
import { DATA_FILE, EmbeddedDb, LOCK_FILE, watchQueryPlans, type EmbeddedOptions } from '@/lib/db/embedded';
import type { QueryPlan } from '@/lib/docstore';
import { failOnScan } from '../support/query-plans';
import { QUERY_OPTIONS } from '@/lib/docstore/mingo';
import { seedMenu } from '@/lib/seed/menu-data';
import type { MenuItemDoc } from '@/lib/db/documents';
import { firstLine, killChildren, spawnTs } from './node-process';

const base = process.env.DATA_DIR!;
let counter = 0;
const freshDir = () => path.join(base, `case-${++counter}`);

const opened: EmbeddedDb[] = [];
async function open(options: EmbeddedOptions): Promise<EmbeddedDb> {
  const db = await EmbeddedDb.open(options);
  opened.push(db);
  return db;
}

/** The data file as another program sees it, through its own SQLite connection. */
function rows(dir: string, collection: string): Array<{ id: string; body: string }> {
  const db = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
  try {
    return db.prepare(`SELECT id, body FROM "${collection}" ORDER BY rowid`).all() as Array<{ id: string; body: string }>;
  } finally {
    db.close();
  }
}
const names = (dir: string, collection = 'menu') => rows(dir, collection).map((r) => JSON.parse(r.body).name as string);

/** Another process holding the data directory until killed. */
async function otherProcess(dir: string): Promise<{ pid: number; writable: boolean; kill: () => Promise<void> }> {
  const child = spawnTs('tests/db/fixtures/second-process.mts', ['hold', dir]);
  const { pid, writable } = JSON.parse(await firstLine(child)) as { pid: number; writable: boolean };
  const kill = async () => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
  };
  return { pid, writable, kill };
}

const item = (name: string, price = 10): MenuItemDoc => ({ name, price, category: 'soup', recipe: 'r', image: '/i.svg', available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.close()));
  killChildren();
});

describe.skipIf(!!process.env.MONGODB_URI)('embedded store', { timeout: 60_000 }, () => {
  it('survives a reopen: documents, BSON types, unique and sparse indexes', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    const when = new Date('2024-03-04T05:06:07.089Z');
    const ref = new ObjectId();
    const { insertedId } = await db.collection('menu').insertOne({ ...item('Soup', 12.75), createdAt: when });
    await db.collection('menu').insertOne(item('Gone'));
    await db.collection('menu').deleteOne({ name: 'Gone' });
    await db.collection('carts').insertOne({ menuId: ref.toHexString(), ownerUid: 'u-a', email: 'a@x.test', name: 'Soup', image: '/i.svg', price: 3, quantity: 1, options: [], unitCents: 300, itemKey: 'k' });
    await db.collection('users').createIndex({ email: 1 }, { unique: true });
    await db.collection('users').createIndex({ phone: 1 }, { unique: true, sparse: true });
    await db.collection('users').insertOne({ uid: 'u-a', name: 'A', email: 'a@x.test' });
    await db.close();

    const again = await open({ dataDir: dir });
    const soup = await again.collection('menu').findOne({ _id: insertedId });
    expect(soup?._id).toBeInstanceOf(ObjectId);
    expect(soup?.createdAt).toBeInstanceOf(Date);
    expect(soup?.createdAt?.getTime()).toBe(when.getTime());
    expect(soup?.price).toBe(12.75);
    expect(typeof soup?.price).toBe('number'); // not an Int32/Double wrapper: queries must match it
    expect(await again.collection('menu').countDocuments({ price: { $gt: 12 } })).toBe(1);
    expect(await again.collection('menu').countDocuments()).toBe(1);
    expect(await again.collection('carts').countDocuments({ menuId: ref.toHexString() })).toBe(1);
    await expect(again.collection('users').insertOne({ uid: 'u-a', name: 'B', email: 'a@x.test' })).rejects.toMatchObject({ code: 11000 });
    // Sparse: a second user without a phone is fine, a second one with the same phone is not.
    await again.collection('users').insertOne({ uid: 'u-c', name: 'C', email: 'c@x.test' });
    await again.collection('users').insertOne({ uid: 'u-d', name: 'D', email: 'd@x.test', phone: '1' } as never);
    await expect(again.collection('users').insertOne({ uid: 'u-e', name: 'E', email: 'e@x.test', phone: '1' } as never)).rejects.toMatchObject({ code: 11000 });
    expect(await again.collection('users').createIndex({ phone: 1 }, { unique: true, sparse: true })).toBe('phone_1');
    await expect(again.collection('users').createIndex({ phone: 1 }, { unique: true })).rejects.toMatchObject({ code: 86 });
  }, 30_000);

  it('a dropped index stays dropped after a reopen', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    await db.collection('users').createIndex({ email: 1 }, { unique: true });
    await db.collection('users').createIndex({ name: 1 });
    await db.collection('users').dropIndex('email_1');
    await db.close();

    const again = await open({ dataDir: dir });
    await again.collection('users').insertMany([{ uid: 'u1', name: 'A', email: 'same@x.test' }, { uid: 'u2', name: 'B', email: 'same@x.test' }]);
    await expect(again.collection('users').dropIndex('email_1')).rejects.toMatchObject({ code: 27 });
    await again.collection('users').dropIndex('name_1');
    expect(rows(dir, 'users')).toHaveLength(2);
  });

  it('keeps one readable row per document, in insertion order, through many writes', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    const menu = db.collection('menu');
    for (let i = 0; i < 120; i++) {
      await menu.insertOne(item(`Item ${i}`, i));
      if (i % 3 === 0) await menu.updateOne({ name: `Item ${i}` }, { $inc: { price: 0.5 } });
      if (i % 5 === 0) await menu.deleteOne({ name: `Item ${i}` });
    }
    const stored = rows(dir, 'menu');
    expect(stored).toHaveLength(120 - 24);
    // Relaxed EJSON, so `sqlite3` shows it plainly: plain numbers, ObjectIds as $oid, the id beside it.
    expect(stored[0]!.body).toMatch(/^\{"name":"Item 1","price":1,.*"_id":\{"\$oid":"[0-9a-f]{24}"\}\}$/);
    expect(Buffer.from(stored[0]!.id as unknown as Uint8Array).toString()).toBe(JSON.stringify({ $oid: JSON.parse(stored[0]!.body)._id.$oid }));
    expect(stored.map((r) => JSON.parse(r.body).name)).toEqual(Array.from({ length: 120 }, (_, i) => i).filter((i) => i % 5).map((i) => `Item ${i}`));
    expect(JSON.parse(stored.find((r) => r.body.includes('"Item 3"'))!.body).price).toBe(3.5);
  });

  it('writes only what changed: one insert adds the same few pages to the log at 10 or 5,000 documents', async () => {
    const framesOfOneInsert = async (existing: number) => {
      const dir = freshDir();
      const db = await open({ dataDir: dir });
      await db.collection('menu').insertMany(Array.from({ length: existing }, (_, i) => item(`Dish ${i}`, i)));
      const raw = new DatabaseSync(path.join(dir, DATA_FILE));
      try {
        raw.exec('PRAGMA wal_checkpoint(TRUNCATE)'); // the log starts over empty
        await db.collection('menu').insertOne(item('One more'));
        return Number((raw.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log);
      } finally {
        raw.close();
      }
    };
    const small = await framesOfOneInsert(10);
    const large = await framesOfOneInsert(5000);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(6);
    expect(large).toBeLessThanOrEqual(small + 2); // a deeper b-tree may touch a page more, never the file
  });

  it('has every write in the file when it resolves, as another connection reads it', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    await db.collection('menu').insertOne(item('first'));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => db.collection('menu').insertOne(item(`c${i}`))));
    expect(new Set(results.map((r) => r.insertedId.toHexString())).size).toBe(50);
    expect(rows(dir, 'menu')).toHaveLength(51);
    await db.close();
    expect(await (await open({ dataDir: dir })).collection('menu').countDocuments()).toBe(51);
  });

  it('a write that cannot be saved keeps nothing of itself, says why, and the next write works', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    const menu = db.collection('menu');
    await menu.insertMany([item('kept', 1), item('doomed', 2)]);
    // A file that may not grow is what a full disk is to SQLite.
    const pages = Number((new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true }).prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    db.store.exec(`PRAGMA max_page_count = ${pages}`);
    const failed = await menu.insertMany(Array.from({ length: 400 }, (_, i) => item(`big ${i} ${'x'.repeat(500)}`))).catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).name).toBe('StoreFileError');
    expect((failed as Error).message).toMatch(/Could not save to .*bistro\.db \(.*full.*\); nothing of this write was kept\. The disk is full/);
    expect((await menu.find({}).toArray()).map((d) => [d.name, d.price])).toEqual([['kept', 1], ['doomed', 2]]);
    expect(names(dir)).toEqual(['kept', 'doomed']);
    db.store.exec('PRAGMA max_page_count = 4294967294');
    await menu.insertOne(item('after'));
    expect(names(dir)).toEqual(['kept', 'doomed', 'after']);
  });

  it('opens read-only while another process writes, reads its writes, and takes over once it exits', async () => {
    const dir = freshDir();
    const writer = await open({ dataDir: dir });
    await writer.collection('menu').insertOne(item('shared'));
    await writer.close();

    const other = await otherProcess(dir);
    expect(other.writable).toBe(true);
    const db = await open({ dataDir: dir });
    expect(db.writable).toBe(false);
    expect(db.lockedBy).toBe(other.pid);
    expect(await db.collection('menu').countDocuments()).toBe(1);
    const refused = await db.collection('menu').insertOne(item('nope')).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(new RegExp(`read-only.*process ${other.pid} holds .*${LOCK_FILE.replace('.', '\\.')}.*Stop that process first`));

    await other.kill(); // SIGKILL: the operating system drops its lock, nothing is left to clean up
    await db.collection('menu').insertOne(item('after takeover'));
    expect(db.writable).toBe(true);
    expect(names(dir)).toEqual(['shared', 'after takeover']);
  });

  it('one writer per directory in a process too, and the lock is free again after close', async () => {
    const dir = freshDir();
    const db = await open({ dataDir: dir });
    expect(db.writable).toBe(true);
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(/already open in this process/);
    await db.close();
    const again = await open({ dataDir: dir });
    expect(again.writable).toBe(true);
  });

  it('during `next build`: no lock, reads the running server’s writes, refuses writes', async () => {
    const dir = freshDir();
    const server = await open({ dataDir: dir });
    await server.collection('menu').insertOne(item('one'));
    const build = await open({ dataDir: dir, buildPhase: true });
    expect(build.writable).toBe(false);
    expect(await build.collection('menu').countDocuments()).toBe(1);
    await server.collection('menu').insertOne(item('two'));
    expect(await build.collection('menu').countDocuments()).toBe(2);
    await server.collection('menu').updateOne({ name: 'one' }, { $set: { price: 11 } });
    expect((await build.collection('menu').findOne({ name: 'one' }))?.price).toBe(11);
    await expect(build.collection('menu').insertOne(item('x'))).rejects.toThrow(/read-only here: it was opened read-only/);
    expect(server.writable).toBe(true);
  });

  it('during `next build` with no data file yet: serves the seed from memory, writes nothing, same ids as runtime', async () => {
    const dir = freshDir();
    const saved = { ...process.env };
    try {
      await closeDb();
      process.env.DATA_DIR = dir;
      process.env.NEXT_PHASE = 'phase-production-build';
      const { menu } = await collections();
      expect(await menu.countDocuments()).toBe(seedMenu.length);
      const buildIds = (await menu.find({}).toArray()).map((d) => d._id.toHexString()).sort();
      expect(fs.existsSync(dir)).toBe(false);

      // The server's first start seeds the file with the very ids the build prerendered.
      await closeDb();
      delete process.env.NEXT_PHASE;
      const runtime = await collections();
      expect((await runtime.menu.find({}).toArray()).map((d) => d._id.toHexString()).sort()).toEqual(buildIds);
      expect(rows(dir, 'menu')).toHaveLength(seedMenu.length);
    } finally {
      await closeDb();
      process.env.DATA_DIR = saved.DATA_DIR;
      delete process.env.NEXT_PHASE;
    }
  });

  it('a DATA_DIR that cannot be created gives a clear error, and recovers once fixed', async () => {
    const file = path.join(base, 'a-regular-file');
    fs.writeFileSync(file, 'not a directory');
    const bad = path.join(file, 'data'); // root ignores permissions, but not ENOTDIR
    await expect(EmbeddedDb.open({ dataDir: bad })).rejects.toThrow(/DATA_DIR ".*a-regular-file\/data" is not writable/);

    const saved = process.env.DATA_DIR;
    try {
      await closeDb();
      process.env.DATA_DIR = bad;
      await expect(getDb()).rejects.toThrow(/DATA_DIR .* is not writable/);
      await expect(getDb()).rejects.toThrow(/not writable/); // retried, not a cached failure
      process.env.DATA_DIR = freshDir();
      expect((await describeDb()).writable).toBe(true);
    } finally {
      await closeDb();
      process.env.DATA_DIR = saved;
    }
  });

  it('refuses what it cannot do faithfully instead of guessing', async () => {
    const db = await open({ dataDir: freshDir() });
    const menu = db.collection('menu');
    await menu.insertMany([item('a'), item('a')]);
    await expect(menu.createIndex({ name: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    await menu.insertOne(item('a')); // the failed index was not kept
    await expect(menu.updateOne({}, { $rename: { name: 'title' } } as never)).rejects.toThrow(/Unsupported update operator \$rename/);
    await expect(menu.updateOne({}, { name: 'replacement' } as never)).rejects.toThrow(/Unsupported update operator/);
    await expect(menu.aggregate([{ $out: 'copy' }]).toArray()).rejects.toThrow(/\$out/);
    const { insertedId } = await menu.insertOne(item('b'));
    await expect(menu.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } })).rejects.toMatchObject({ code: 66 });
  });

  it('sorts a field no index holds as mingo does: missing and null together, ties in insertion order, arrays and sub-documents too', async () => {
    const db = await open({ dataDir: freshDir() });
    const c = db.collection('sortProbe' as never) as unknown as AppCollection<Document>;
    const values = [3, 'b', null, undefined, new Date(5), new ObjectId(), true, 1.5, 'a', new Date(1), false, -2, 'B', [2, 1], { x: 1 }, 3, null];
    await c.insertMany(values.map((v, i) => (v === undefined ? { i } : { i, v, w: i % 3 ? i % 3 : undefined })));
    const mingo = (docs: Document[], sort: Record<string, 1 | -1>) => new Query({}, QUERY_OPTIONS).find<Document>(docs).sort(sort).all().map((d) => d.i);
    for (const filter of [{ i: { $lt: 13 } }, {}]) {
      const inserted = await c.find(filter).toArray();
      for (const sort of [{ v: 1 }, { v: -1 }, { w: 1, v: -1 }, { w: -1, i: 1 }] as Array<Record<string, 1 | -1>>) {
        const expected = mingo(inserted, sort);
        expect((await c.find(filter).sort(sort).toArray()).map((d) => d.i), JSON.stringify(sort)).toEqual(expected);
        expect((await c.find(filter).sort(sort).skip(2).limit(5).toArray()).map((d) => d.i)).toEqual(expected.slice(2, 7));
      }
    }
  });

  it('finds by an indexed field that has held an array each element at a time, as MongoDB does, through its key table', async () => {
    const db = await open({ dataDir: freshDir() });
    const c = db.collection('arrayProbe' as never) as unknown as AppCollection<Document>;
    await c.createIndex({ tags: 1 });
    await c.insertMany([{ i: 0, tags: 'red' }, { i: 1, tags: 'blue' }]);
    expect((await c.find({ tags: 'red' }).toArray()).map((d) => d.i)).toEqual([0]);
    await c.insertOne({ i: 2, tags: ['red', 'green'] });
    await c.insertOne({ i: 3, tags: [{ shade: 'red' }] });
    const plans: QueryPlan[] = [];
    watchQueryPlans((plan) => plans.push(plan));
    try {
      expect((await c.find({ tags: 'red' }).sort({ i: 1 }).toArray()).map((d) => d.i)).toEqual([0, 2]);
      expect(await c.countDocuments({ tags: { $in: ['green', 'blue'] } })).toBe(2);
    } finally {
      watchQueryPlans(failOnScan);
    }
    expect(plans.map((plan) => plan.steps.join(' / '))).toEqual([expect.stringMatching(/arrayProbe\.tags_1\.keys/), expect.stringMatching(/arrayProbe\.tags_1\.keys/)]);
    // The key table follows updates and deletions.
    await c.updateOne({ i: 2 }, { $set: { tags: ['green'] } });
    await c.deleteOne({ i: 0 });
    expect((await c.find({ tags: { $in: ['red', 'green'] } }).sort({ i: 1 }).toArray()).map((d) => d.i)).toEqual([2]);
    // Known after a reopen too, and for an index declared over arrays already there.
    await db.close();
    const again = await open({ dataDir: path.dirname(db.file) });
    const probe = again.collection('arrayProbe' as never) as unknown as AppCollection<Document>;
    expect(await probe.countDocuments({ tags: 'green' })).toBe(1);
    expect(await probe.countDocuments({ tags: 'blue' })).toBe(1);
    await probe.createIndex({ 'tags.shade': 1 });
    expect((await probe.find({ 'tags.shade': 'red' }).toArray()).map((d) => d.i)).toEqual([3]);
  });

});
