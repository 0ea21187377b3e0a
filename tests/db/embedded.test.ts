/**
 * What only the embedded engine has to get right: the file, the lock, durability.
 * Skipped when MONGODB_URI selects a real MongoDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BSON, ObjectId } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDb, collections, describeDb, getDb } from '@/lib/db';
import { DATA_FILE, EmbeddedDb, LOCK_FILE, type EmbeddedOptions } from '@/lib/db/embedded';
import { seedMenu } from '@/lib/seed/menu-data';
import type { MenuItemDoc } from '@/lib/db/documents';

const base = process.env.DATA_DIR!;
let counter = 0;
const freshDir = () => path.join(base, `case-${++counter}`);

const opened: EmbeddedDb[] = [];
function open(options: EmbeddedOptions): EmbeddedDb {
  const db = EmbeddedDb.open(options);
  opened.push(db);
  return db;
}

const children: ChildProcess[] = [];
function liveProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const readFile = (dir: string) => BSON.EJSON.parse(fs.readFileSync(path.join(dir, DATA_FILE), 'utf8'), { relaxed: true });
const item = (name: string, price = 10): MenuItemDoc => ({ name, price, category: 'soup', recipe: 'r', image: '/i.svg' });

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.close()));
  for (const child of children.splice(0)) child.kill();
});

describe.skipIf(!!process.env.MONGODB_URI)('embedded engine', () => {
  it('survives a reopen: documents, BSON types and unique indexes', async () => {
    const dir = freshDir();
    const db = open({ dataDir: dir });
    const when = new Date('2024-03-04T05:06:07.089Z');
    const ref = new ObjectId();
    const { insertedId } = await db.collection('menu').insertOne({ ...item('Soup', 12.75), createdAt: when });
    await db.collection('menu').insertOne(item('Gone'));
    await db.collection('menu').deleteOne({ name: 'Gone' });
    await db.collection('carts').insertOne({ menuId: ref.toHexString(), email: 'a@x.test', name: 'Soup', image: '/i.svg', price: 3 });
    await db.collection('users').createIndex({ email: 1 }, { unique: true });
    await db.collection('users').insertOne({ name: 'A', email: 'a@x.test' });
    await db.close();

    const again = open({ dataDir: dir });
    const soup = await again.collection('menu').findOne({ _id: insertedId });
    expect(soup?._id).toBeInstanceOf(ObjectId);
    expect(soup?.createdAt).toBeInstanceOf(Date);
    expect(soup?.createdAt?.getTime()).toBe(when.getTime());
    expect(soup?.price).toBe(12.75);
    expect(typeof soup?.price).toBe('number'); // not an Int32/Double wrapper: queries must match it
    expect(await again.collection('menu').countDocuments({ price: { $gt: 12 } })).toBe(1);
    expect(await again.collection('menu').countDocuments()).toBe(1);
    expect(await again.collection('carts').countDocuments({ menuId: ref.toHexString() })).toBe(1);
    await expect(again.collection('users').insertOne({ name: 'B', email: 'a@x.test' })).rejects.toMatchObject({ code: 11000 });
  });

  it('keeps a valid, canonical EJSON file through many writes', async () => {
    const dir = freshDir();
    const db = open({ dataDir: dir });
    const menu = db.collection('menu');
    for (let i = 0; i < 120; i++) {
      await menu.insertOne(item(`Item ${i}`, i));
      if (i % 3 === 0) await menu.updateOne({ name: `Item ${i}` }, { $inc: { price: 0.5 } });
      if (i % 5 === 0) await menu.deleteOne({ name: `Item ${i}` });
    }
    const text = fs.readFileSync(path.join(dir, DATA_FILE), 'utf8');
    expect(text).toContain('"$oid"');
    expect(text).toContain('"$numberInt"');
    const parsed = readFile(dir);
    expect(parsed.collections.menu.documents).toHaveLength(120 - 24);
    expect(parsed.collections.menu.documents.find((d: MenuItemDoc) => d.name === 'Item 3').price).toBe(3.5);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('batches 50 concurrent inserts into a few file writes, all on disk when they resolve', async () => {
    const dir = freshDir();
    const db = open({ dataDir: dir });
    await db.collection('menu').insertOne(item('first'));
    const rename = vi.spyOn(fs.promises, 'rename');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => db.collection('menu').insertOne(item(`c${i}`))));
    expect(new Set(results.map((r) => r.insertedId.toHexString())).size).toBe(50);
    expect(rename.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(rename.mock.calls.length).toBeLessThanOrEqual(3);
    expect(readFile(dir).collections.menu.documents).toHaveLength(51); // durable before resolving
    await db.close();
    expect(await open({ dataDir: dir }).collection('menu').countDocuments()).toBe(51);
  });

  it('writes atomically: a stray partial temp file or a failed save never damages the data', async () => {
    const dir = freshDir();
    const db = open({ dataDir: dir });
    await db.collection('menu').insertOne(item('kept'));
    await db.close();
    const stray = path.join(dir, `${DATA_FILE}.99999.tmp`);
    fs.writeFileSync(stray, '{"version":{"$numberInt":"1"},"collections":{"menu":{"docu'); // a crash mid-write

    const reopened = open({ dataDir: dir });
    expect((await reopened.collection('menu').find({}).toArray()).map((d) => d.name)).toEqual(['kept']);
    expect(fs.existsSync(stray)).toBe(false);

    const before = fs.readFileSync(path.join(dir, DATA_FILE), 'utf8');
    vi.spyOn(fs.promises, 'rename').mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    await expect(reopened.collection('menu').insertOne(item('lost'))).rejects.toThrow(/Could not save .*ENOSPC/);
    expect(fs.readFileSync(path.join(dir, DATA_FILE), 'utf8')).toBe(before);
    expect(readFile(dir).collections.menu.documents).toHaveLength(1);
  });

  it('opens read-only while another live process holds the lock, and takes over once it exits', async () => {
    const dir = freshDir();
    const writer = open({ dataDir: dir });
    await writer.collection('menu').insertOne(item('shared'));
    await writer.close();

    const server = liveProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(server.pid));
    const db = open({ dataDir: dir });
    expect(db.writable).toBe(false);
    expect(db.lockedBy).toBe(server.pid);
    expect(await db.collection('menu').countDocuments()).toBe(1);
    const refused = await db.collection('menu').insertOne(item('nope')).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/read-only.*process \d+ holds .*bistro\.lock.*Stop that process first/);

    server.kill();
    await new Promise((resolve) => server.on('exit', resolve));
    await db.collection('menu').insertOne(item('after takeover'));
    expect(db.writable).toBe(true);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    expect(readFile(dir).collections.menu.documents.map((d: MenuItemDoc) => d.name)).toEqual(['shared', 'after takeover']);
  });

  it('takes over a stale lock whose process is gone, and releases the lock on close', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(await deadPid()));
    const db = open({ dataDir: dir });
    expect(db.writable).toBe(true);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/already open in this process/);
    await db.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('during `next build`: no lock, follows the running server’s saves, refuses writes', async () => {
    const dir = freshDir();
    const server = open({ dataDir: dir });
    await server.collection('menu').insertOne(item('one'));
    const build = open({ dataDir: dir, buildPhase: true });
    expect(build.writable).toBe(false);
    expect(await build.collection('menu').countDocuments()).toBe(1);
    await server.collection('menu').insertOne(item('two'));
    expect(await build.collection('menu').countDocuments()).toBe(2);
    await expect(build.collection('menu').insertOne(item('x'))).rejects.toThrow(/read-only.*next build/);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
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
      expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(true);
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
    expect(() => EmbeddedDb.open({ dataDir: bad })).toThrow(/DATA_DIR ".*a-regular-file\/data" is not writable/);

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
    const db = open({ dataDir: freshDir() });
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

  it('keeps unique inserts fast with thousands of documents', async () => {
    const db = open({ dataDir: freshDir() });
    const users = db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    const started = performance.now();
    await users.insertMany(Array.from({ length: 5000 }, (_, i) => ({ name: `u${i}`, email: `u${i}@x.test` })));
    await Promise.all(Array.from({ length: 200 }, (_, i) => users.insertOne({ name: `v${i}`, email: `v${i}@x.test` })));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await users.countDocuments()).toBe(5200);
  });
});
