/**
 * The embedded store's files as they are found on disk: what earlier releases stored (format 2's
 * bistro.db, format 1's bistro.json) to move into today's format, also after a move cut short, and
 * damaged or foreign data that must stop the store rather than be served. Skipped when
 * MONGODB_URI selects a real MongoDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { BSON, Decimal128, Long, ObjectId, type Document } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_FILE, EmbeddedDb, LEGACY_FILE } from '@/lib/db/embedded';
import type { Collections } from '@/lib/db/documents';
import { generateHistory } from '@/lib/seed/history';
import { killChildren, runTs, spawnTs } from './node-process';

const { EJSON } = BSON;
const base = process.env.DATA_DIR!;
let counter = 0;
const freshDir = () => path.join(base, `files-${++counter}`);

const opened: EmbeddedDb[] = [];
async function open(dataDir: string, buildPhase = false): Promise<EmbeddedDb> {
  const db = await EmbeddedDb.open({ dataDir, buildPhase });
  opened.push(db);
  return db;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.close()));
  killChildren();
});

type LegacyIndex = { name: string; key: Record<string, 1 | -1>; unique: boolean; sparse?: boolean; expireAfterSeconds?: number };
type LegacyCollections = Record<string, { indexes: LegacyIndex[]; documents: Document[] }>;

/** A data file exactly as the previous engine saved it: canonical EJSON, format 1. */
function writeLegacy(dir: string, collections: LegacyCollections): string {
  const text = EJSON.stringify({ version: 1, collections }, { relaxed: false });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, LEGACY_FILE), text);
  return text;
}

/** What the previous engine read back from that file. */
const legacyDocuments = (text: string, name: string): Document[] => EJSON.parse(text, { relaxed: true }).collections[name].documents;

async function all(db: EmbeddedDb, name: keyof Collections): Promise<Document[]> {
  return db.collection(name).find({}).toArray();
}

/** The indexes each collection declared, as the store's catalog holds them. */
const storedIndexes = (dir: string) => {
  const raw = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
  try {
    const rows = raw.prepare('SELECT collection, spec FROM docstore_indexes ORDER BY rowid').all() as Array<{ collection: string; spec: string }>;
    const byCollection: Record<string, unknown[]> = {};
    for (const { collection, spec } of rows) (byCollection[collection] ??= []).push(JSON.parse(spec));
    return byCollection;
  } finally {
    raw.close();
  }
};

/** The format 2 fixture (tests/db/fixtures/format-2), unpacked into a data directory. */
function formatTwo(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, DATA_FILE), gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/format-2/bistro.db.gz'))));
}

/** What format 2 holds, read as its engine read it: each collection's documents in the order stored, and its indexes. */
function formatTwoContents(dir: string): { documents: Map<string, Document[]>; indexes: Map<string, Document[]> } {
  const raw = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
  try {
    const documents = new Map<string, Document[]>();
    for (const row of raw.prepare('SELECT collection, body FROM documents ORDER BY collection, rowid').all() as Array<{ collection: string; body: string }>) {
      documents.set(row.collection, [...(documents.get(row.collection) ?? []), EJSON.parse(row.body, { relaxed: true }) as Document]);
    }
    const indexes = new Map((raw.prepare('SELECT name, indexes FROM collections').all() as Array<{ name: string; indexes: string }>).map((r) => [r.name, JSON.parse(r.indexes) as Document[]]));
    return { documents, indexes };
  } finally {
    raw.close();
  }
}

function sampleCollections(): LegacyCollections {
  const when = new Date('2024-03-04T05:06:07.089Z');
  return {
    menu: {
      indexes: [],
      documents: [
        { _id: new ObjectId(), name: 'Soup', price: 12, category: 'soup', recipe: 'r', image: '/i.svg', createdAt: when },
        { _id: new ObjectId(), name: 'Cake', price: 7.25, category: 'dessert', recipe: 'r', image: '/i.svg', tags: ['sweet', { nested: [1, 2.5, null] }] },
        { _id: new ObjectId(), name: 'Wine', price: 30, category: 'drinks', recipe: 'r', image: '/i.svg', stock: Long.fromNumber(2 ** 40), exact: Decimal128.fromString('19.99') },
      ],
    },
    users: {
      // The uid index is sparse, as the previous engine came to save it: Bob and Cy have no uid yet.
      indexes: [{ name: 'email_1', key: { email: 1 }, unique: true }, { name: 'uid_1', key: { uid: 1 }, unique: true, sparse: true }],
      documents: [
        { _id: new ObjectId(), name: 'Ann', email: 'ann@x.test', role: 'admin', uid: 'u-ann' },
        { _id: new ObjectId(), name: 'Bob', email: 'bob@x.test' },
        { _id: new ObjectId(), name: 'Cy', email: 'cy@x.test' },
      ],
    },
    rateLimits: { indexes: [{ name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false, sparse: false, expireAfterSeconds: 0 }], documents: [] },
    bookingSlots: { indexes: [], documents: [{ _id: '2024-06-01 19:00', seats: 4 }, { _id: '2024-06-01 19:30', seats: 0 }] },
    bookings: { indexes: [{ name: 'date_1_time_1', key: { date: 1, time: 1 }, unique: false }], documents: [] },
  };
}

describe.skipIf(!!process.env.MONGODB_URI)('a bistro.db of format 2', { timeout: 120_000 }, () => {
  it('is moved on first start: documents, ids, order and indexes identical, the old file kept as a backup', async () => {
    const dir = freshDir();
    formatTwo(dir);
    const before = formatTwoContents(dir);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = await open(dir);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/Moved \d+ documents in [\d.]+ s; the old file is kept as bistro\.db\.v2\.bak/));
    expect(before.documents.get('payments')).toHaveLength(150);
    for (const [name, docs] of before.documents) {
      const moved = (await all(db, name as keyof Collections)).filter((doc) => doc._id !== 'file:format-2');
      expect(moved, name).toEqual(docs);
    }
    const stored = storedIndexes(dir);
    for (const [name, specs] of before.indexes) {
      expect(stored[name] ?? [], name).toEqual(specs.map((spec) => ({ sparse: false, ...spec })));
    }
    const misc = (await all(db, 'misc' as keyof Collections)) as Document[];
    expect(misc[0]!.at).toEqual(new Date('2026-01-02T03:04:05.000Z'));
    expect(misc[0]!.exact).toBeInstanceOf(Decimal128);
    expect(misc[1]!._id).toBe(7);
    // Dates are stored with their milliseconds, so that their text orders as they do.
    const raw = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
    expect((raw.prepare("SELECT body ->> '$.at' AS at FROM misc WHERE id = 'whole-second'").get() as { at: string }).at).toBe('{"$date":"2026-01-02T03:04:05.000Z"}');
    raw.close();
    // The indexes work: a page of orders by date, a unique transaction id.
    const payments = db.collection('payments');
    const newest = await payments.find({}).sort({ data: -1, _id: -1 }).limit(3).toArray();
    expect(newest.map((o) => o._id)).toEqual([...before.documents.get('payments')!].sort((a, b) => b.data - a.data || (b._id.toHexString() > a._id.toHexString() ? 1 : -1)).slice(0, 3).map((o) => o._id));
    await expect(payments.insertOne({ ...newest[0]!, _id: new ObjectId() })).rejects.toMatchObject({ code: 11000, keyValue: { transactionId: newest[0]!.transactionId } });

    // The move is recorded beside the migrations.
    expect(await db.collection('migrations').findOne({ _id: 'file:format-2' })).toMatchObject({ ranAt: expect.any(Date), tookMs: expect.any(Number) });
    expect(fs.existsSync(path.join(dir, `${DATA_FILE}.v2.bak`))).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('moving'))).toEqual([]);
    await db.close();
    log.mockClear();
    await open(dir);
    expect(log).not.toHaveBeenCalled();
  });

  it('a move cut short by SIGKILL leaves the old file as it was, and the next start resumes it: every document once', async () => {
    const dir = freshDir();
    formatTwo(dir);
    // More rows than one batch of the move, so that it is cut in the middle.
    const raw = new DatabaseSync(path.join(dir, DATA_FILE));
    const items = Array.from({ length: 4 }, (_, i) => ({ _id: new ObjectId(), name: `Dish ${i}`, category: 'pizza' as const, price: 10 + i, options: [] }));
    const { orders } = generateHistory(items, { count: 8_000, seed: 3, now: new Date('2026-06-01T12:00:00') });
    const insert = raw.prepare('INSERT INTO documents (collection, id, body) VALUES (?, ?, ?)');
    raw.exec('BEGIN');
    for (const order of orders) insert.run('history', JSON.stringify({ $oid: order._id!.toHexString() }), EJSON.stringify(order, { relaxed: true }));
    raw.prepare("INSERT INTO collections (name, indexes, version) VALUES ('history', ?, 1)").run(JSON.stringify([{ name: 'data_-1', key: { data: -1 }, unique: false, sparse: false }]));
    raw.exec('COMMIT');
    raw.close();
    const before = formatTwoContents(dir);

    const child = spawnTs('tests/db/fixtures/second-process.mts', ['open', dir]);
    const moving = path.join(dir, `${DATA_FILE}.moving`);
    let killedMidway = false;
    while (child.exitCode === null) {
      const written = [moving, `${moving}-wal`].reduce((bytes, file) => bytes + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
      if (written > 1_500_000) {
        child.kill('SIGKILL');
        killedMidway = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    expect(killedMidway).toBe(true);
    expect(formatTwoContents(dir).documents).toEqual(before.documents);

    vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = await open(dir);
    const moved = await all(db, 'history' as keyof Collections);
    expect(moved).toHaveLength(8_000);
    expect(moved).toEqual(before.documents.get('history'));
    expect(await all(db, 'payments')).toEqual(before.documents.get('payments'));
  });

  it('with a write-ahead log a crash left: its committed writes are moved too', async () => {
    const dir = freshDir();
    formatTwo(dir);
    // A format-2 writer that commits one more order, then dies before any checkpoint.
    const crash = await runTs('tests/db/fixtures/format-2-crash.mts', [path.join(dir, DATA_FILE)]);
    expect(crash.signal).toBe('SIGKILL');
    expect(fs.statSync(path.join(dir, `${DATA_FILE}-wal`)).size).toBeGreaterThan(0);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = await open(dir);
    expect(await db.collection('payments').countDocuments({ transactionId: 'tx-after-crash' })).toBe(1);
  });

  it('is refused by a build, which never writes, until the server has moved it', async () => {
    const dir = freshDir();
    formatTwo(dir);
    await expect(open(dir, true)).rejects.toThrow(/holds data in the older format 2, which must be moved first\. Start the server once, or run `npm run migrate`/);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('an existing bistro.json', { timeout: 120_000 }, () => {
  it('is moved on first start: documents, ids and indexes identical, the old file kept as a backup', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = await open(dir);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/Moved .*bistro\.json \(8 documents\) to .*bistro\.db; the old file is kept as bistro\.json\.bak/));

    for (const name of ['menu', 'users', 'bookingSlots'] as const) expect(await all(db, name)).toEqual(legacyDocuments(text, name));
    const menu = await all(db, 'menu');
    expect(menu[0]!._id).toBeInstanceOf(ObjectId);
    expect(menu[0]!.createdAt).toBeInstanceOf(Date);
    expect(menu[2]!.exact).toBeInstanceOf(Decimal128);
    expect(typeof menu[2]!.stock).toBe('number');
    expect(await db.collection('bookingSlots').findOne({ _id: '2024-06-01 19:00' })).toEqual({ _id: '2024-06-01 19:00', seats: 4 });
    expect(storedIndexes(dir)).toMatchObject({
      users: [{ name: 'email_1', key: { email: 1 }, unique: true, sparse: false }, { name: 'uid_1', key: { uid: 1 }, unique: true, sparse: true }],
      bookings: [{ name: 'date_1_time_1', key: { date: 1, time: 1 }, unique: false, sparse: false }],
      rateLimits: [{ name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false, sparse: false, expireAfterSeconds: 0 }],
    });
    await expect(db.collection('users').insertOne({ uid: 'u-ann-again', name: 'Ann again', email: 'ann@x.test' })).rejects.toMatchObject({ code: 11000 });
    await expect(db.collection('users').insertOne({ name: 'Ann twice', email: 'ann2@x.test', uid: 'u-ann' })).rejects.toMatchObject({ code: 11000 });
    // The same index options again are a no-op, as they are for the app at every start.
    expect(await db.collection('rateLimits').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 })).toBe('expiresAt_1');

    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, `${LEGACY_FILE}.bak`), 'utf8')).toBe(text);
    expect(fs.readdirSync(dir).filter((f) => f.includes('moving'))).toEqual([]);

    await db.close();
    log.mockClear();
    const again = await open(dir);
    expect(log).not.toHaveBeenCalled();
    expect(await all(again, 'users')).toEqual(legacyDocuments(text, 'users'));
  });

  it('a move cut short by SIGKILL leaves bistro.json untouched, and the next start completes it', async () => {
    const dir = freshDir();
    const items = Array.from({ length: 12 }, (_, i) => ({ _id: new ObjectId(), name: `Dish ${i}`, category: 'pizza' as const, price: 10 + i, options: [] }));
    const { orders } = generateHistory(items, { count: 12_000, seed: 2, now: new Date('2026-06-01T12:00:00') });
    const text = writeLegacy(dir, {
      menu: { indexes: [], documents: items.map((i) => ({ ...i, recipe: 'r', image: '/i.svg' })) },
      payments: { indexes: [{ name: 'transactionId_1', key: { transactionId: 1 }, unique: true }], documents: orders },
    });

    const child = spawnTs('tests/db/fixtures/second-process.mts', ['open', dir]);
    const scrap = path.join(dir, `${DATA_FILE}.moving`);
    let killedMidway = false;
    while (child.exitCode === null) {
      if (fs.existsSync(scrap) && !fs.existsSync(path.join(dir, DATA_FILE))) {
        child.kill('SIGKILL');
        killedMidway = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    expect(killedMidway).toBe(true);
    expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, LEGACY_FILE), 'utf8')).toBe(text);

    vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = await open(dir);
    const migrated = await all(db, 'payments');
    expect(migrated).toHaveLength(12_000);
    expect(migrated).toEqual(legacyDocuments(text, 'payments'));
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith(`${DATA_FILE}-`)).sort()).toEqual([DATA_FILE, `${DATA_FILE}.lock`, `${LEGACY_FILE}.bak`].sort());
  });

  it('left beside bistro.db: moved aside if it is the migrated one, refused if it is not', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await (await open(dir)).close();

    // As after a move stopped just before renaming the old file.
    fs.renameSync(path.join(dir, `${LEGACY_FILE}.bak`), path.join(dir, LEGACY_FILE));
    await (await open(dir)).close();
    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, `${LEGACY_FILE}.bak`), 'utf8')).toBe(text);

    // Any other bistro.json (restored by hand, or saved by an old server still running).
    writeLegacy(dir, { menu: { indexes: [], documents: [{ _id: new ObjectId(), name: 'Other' }] } });
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(/holds both .*bistro\.db and .*bistro\.json, and bistro\.json is not the file that was moved/);
    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(true);
  });

  it('is read as it is by a build, without moving it', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    const build = await open(dir, true);
    expect(await all(build, 'menu')).toEqual(legacyDocuments(text, 'menu'));
    expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(false);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('damaged or foreign data stops the store', { timeout: 60_000 }, () => {
  it('a bistro.db from a newer version', async () => {
    const dir = freshDir();
    await (await open(dir)).close();
    const raw = new DatabaseSync(path.join(dir, DATA_FILE));
    raw.exec('PRAGMA user_version = 99');
    raw.close();
    const newer = /bistro\.db was written by a newer version \(data format 99; this version reads up to 3\)\. Run the newer version of Bistro/;
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(newer);
    await expect(EmbeddedDb.open({ dataDir: dir, buildPhase: true })).rejects.toThrow(newer);
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(expect.objectContaining({ name: 'DataDirError' }));
  });

  it('a bistro.json from a newer version, or not EJSON at all', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, LEGACY_FILE), JSON.stringify({ version: 9, collections: {} }));
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(/bistro\.json was written by a newer version of Bistro \(format 9\)/);
    fs.writeFileSync(path.join(dir, LEGACY_FILE), '{"version":1,"collections":{"menu":{"docu');
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(/bistro\.json is not valid EJSON/);
    expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(false);
  });

  it('a bistro.db that is not a database, or holds a document that does not parse', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, DATA_FILE), 'this is not a database '.repeat(400));
    await expect(EmbeddedDb.open({ dataDir: dir })).rejects.toThrow(/bistro\.db cannot be read \(file is not a database\): it is damaged or not a database of this store\. Restore DATA_DIR from a backup/);

    // A damaged document is found when a read meets it (a start reads none): that read is refused.
    const other = freshDir();
    const db = await open(other);
    await db.collection('menu').insertOne({ name: 'Soup', price: 1, category: 'soup', recipe: 'r', image: '/i.svg', available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });
    await db.close();
    const raw = new DatabaseSync(path.join(other, DATA_FILE));
    raw.prepare('UPDATE menu SET body = ?').run('{"name": "Soup", "pri');
    raw.close();
    const again = await open(other);
    await expect(again.collection('menu').find({}).toArray()).rejects.toMatchObject({ name: 'StoreFileError', message: expect.stringMatching(/A document of menu cannot be read \(.*JSON.*\): the data file is damaged/) });
  });
});
