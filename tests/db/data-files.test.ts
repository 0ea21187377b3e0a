/**
 * The embedded engine's files as they are found on disk: today's bistro.json to migrate (also
 * after a migration cut short), and damaged or foreign data that must stop the engine rather than
 * be served. Skipped when MONGODB_URI selects a real MongoDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
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
function open(dataDir: string, buildPhase = false): EmbeddedDb {
  const db = EmbeddedDb.open({ dataDir, buildPhase });
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

const storedIndexes = (dir: string) => {
  const raw = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
  try {
    return Object.fromEntries((raw.prepare('SELECT name, indexes FROM collections').all() as Array<{ name: string; indexes: string }>).map((r) => [r.name, JSON.parse(r.indexes)]));
  } finally {
    raw.close();
  }
};

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

describe.skipIf(!!process.env.MONGODB_URI)('an existing bistro.json', { timeout: 120_000 }, () => {
  it('is migrated on first start: documents, ids and indexes identical, the old file kept as a backup', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const db = open(dir);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/Migrated .*bistro\.json \(8 documents\) to .*bistro\.db; the old file is kept as bistro\.json\.bak/));

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
    expect(fs.readdirSync(dir).filter((f) => f.includes('migrating'))).toEqual([]);

    await db.close();
    log.mockClear();
    const again = open(dir);
    expect(log).not.toHaveBeenCalled();
    expect(await all(again, 'users')).toEqual(legacyDocuments(text, 'users'));
  });

  it('a migration cut short by SIGKILL leaves bistro.json untouched, and the next start completes it', async () => {
    const dir = freshDir();
    const items = Array.from({ length: 12 }, (_, i) => ({ _id: new ObjectId(), name: `Dish ${i}`, category: 'pizza' as const, price: 10 + i, options: [] }));
    const { orders } = generateHistory(items, { count: 40_000, seed: 2, now: new Date('2026-06-01T12:00:00') });
    const text = writeLegacy(dir, {
      menu: { indexes: [], documents: items.map((i) => ({ ...i, recipe: 'r', image: '/i.svg' })) },
      payments: { indexes: [{ name: 'transactionId_1', key: { transactionId: 1 }, unique: true }], documents: orders },
    });

    const child = spawnTs('tests/db/fixtures/second-process.mts', ['open', dir]);
    const scrap = path.join(dir, `${DATA_FILE}.migrating`);
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
    const db = open(dir);
    const migrated = await all(db, 'payments');
    expect(migrated).toHaveLength(40_000);
    expect(migrated).toEqual(legacyDocuments(text, 'payments'));
    expect(fs.readdirSync(dir).sort()).toEqual([DATA_FILE, `${DATA_FILE}-shm`, `${DATA_FILE}-wal`, `${DATA_FILE}.lock`, `${LEGACY_FILE}.bak`].sort());
  });

  it('left beside bistro.db: moved aside if it is the migrated one, refused if it is not', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await open(dir).close();

    // As after a migration stopped just before renaming the old file.
    fs.renameSync(path.join(dir, `${LEGACY_FILE}.bak`), path.join(dir, LEGACY_FILE));
    await open(dir).close();
    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(false);
    expect(fs.readFileSync(path.join(dir, `${LEGACY_FILE}.bak`), 'utf8')).toBe(text);

    // Any other bistro.json (restored by hand, or saved by an old server still running).
    writeLegacy(dir, { menu: { indexes: [], documents: [{ _id: new ObjectId(), name: 'Other' }] } });
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/holds both .*bistro\.db and .*bistro\.json, and bistro\.json is not the file that was migrated/);
    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(true);
  });

  it('is read as it is by a build, without migrating it', async () => {
    const dir = freshDir();
    const text = writeLegacy(dir, sampleCollections());
    const build = open(dir, true);
    expect(build.writable).toBe(false);
    expect(await all(build, 'menu')).toEqual(legacyDocuments(text, 'menu'));
    expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(false);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('damaged or foreign data stops the engine', { timeout: 60_000 }, () => {
  it('a bistro.db from a newer version', async () => {
    const dir = freshDir();
    await open(dir).close();
    const raw = new DatabaseSync(path.join(dir, DATA_FILE));
    raw.exec('PRAGMA user_version = 99');
    raw.close();
    const newer = /bistro\.db was written by a newer version of Bistro \(data format 99; this version reads up to 2\)/;
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(newer);
    expect(() => EmbeddedDb.open({ dataDir: dir, buildPhase: true })).toThrow(newer);
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(expect.objectContaining({ name: 'DataDirError' }));
  });

  it('a bistro.json from a newer version, or not EJSON at all', () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, LEGACY_FILE), JSON.stringify({ version: 9, collections: {} }));
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.json was written by a newer version of Bistro \(format 9\)/);
    fs.writeFileSync(path.join(dir, LEGACY_FILE), '{"version":1,"collections":{"menu":{"docu');
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.json is not valid EJSON/);
    expect(fs.existsSync(path.join(dir, DATA_FILE))).toBe(false);
  });

  it('a bistro.db that is not a database, or holds a document that does not parse', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, DATA_FILE), 'this is not a database '.repeat(400));
    expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.db cannot be read \(file is not a database\): it is damaged or not a Bistro database/);

    const other = freshDir();
    const db = open(other);
    const { insertedId } = await db.collection('menu').insertOne({ name: 'Soup', price: 1, category: 'soup', recipe: 'r', image: '/i.svg', available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });
    await db.close();
    const raw = new DatabaseSync(path.join(other, DATA_FILE));
    raw.prepare('UPDATE documents SET body = ? WHERE collection = ?').run('{"name": "Soup", "pri', 'menu');
    raw.close();
    expect(() => EmbeddedDb.open({ dataDir: other })).toThrow(new RegExp(`cannot be read \\(document \\{"\\$oid":"${insertedId.toHexString()}"\\} of menu: .*JSON`));
  });

  describe('the write-ahead log a crash leaves', () => {
    /** A data directory whose writer made five writes (Dish 1..5), then died by SIGKILL. */
    async function crashed(writes = 5): Promise<{ dir: string; wal: string }> {
      const dir = freshDir();
      const run = await runTs('tests/db/fixtures/second-process.mts', ['crash-after', dir, String(writes)], { DB_CHECKPOINT_MS: '3600000' });
      expect(run.signal).toBe('SIGKILL');
      const wal = path.join(dir, `${DATA_FILE}-wal`);
      expect(fs.statSync(wal).size).toBeGreaterThan(writes * 4096);
      return { dir, wal };
    }
    const dishes = async (db: EmbeddedDb) => (await all(db, 'menu')).map((d) => d.name);

    it('replays every acknowledged write', async () => {
      const { dir } = await crashed();
      const warn = vi.spyOn(console, 'warn');
      expect(await dishes(open(dir))).toEqual(['Dish 1', 'Dish 2', 'Dish 3', 'Dish 4', 'Dish 5']);
      expect(warn).not.toHaveBeenCalled();
    });

    it('with its tail cut off: the unfinished write is dropped, and said so', async () => {
      const { dir, wal } = await crashed();
      fs.truncateSync(wal, fs.statSync(wal).size - 1000);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(await dishes(open(dir))).toEqual(['Dish 1', 'Dish 2', 'Dish 3', 'Dish 4']);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/bistro\.db-wal ends with \d+ bytes of a write that a crash cut short; it was never acknowledged and is dropped/));
    });

    it('damaged before its last commits, or in its header: refused, and the files left as they were', async () => {
      const { dir, wal } = await crashed();
      const intact = fs.readFileSync(wal);
      const damaged = Buffer.from(intact);
      damaged[32 + 24 + 100]! ^= 0xff; // a byte in the first frame's page
      fs.writeFileSync(wal, damaged);
      const before = fs.readFileSync(path.join(dir, DATA_FILE));
      expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.db-wal is damaged \(a frame at byte 32 does not match its checksum\): SQLite would drop acknowledged writes .*move bistro\.db-wal out of DATA_DIR/);
      expect(fs.readFileSync(wal).equals(damaged)).toBe(true);
      expect(fs.readFileSync(path.join(dir, DATA_FILE)).equals(before)).toBe(true);

      const header = Buffer.from(intact);
      header[0]! ^= 0xff;
      fs.writeFileSync(wal, header);
      expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.db-wal is damaged \(not a write-ahead log header\)/);
      header[0]! ^= 0xff;
      header[20]! ^= 0x01; // a salt: the header no longer matches its checksum
      fs.writeFileSync(wal, header);
      expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(/bistro\.db-wal is damaged \(its header checksum is wrong\)/);

      fs.writeFileSync(wal, intact);
      expect(await dishes(open(dir))).toHaveLength(5);
    });

    it('longer than the piece the check reads at a time (1 MiB): damage far into it is found, and an intact one replays', async () => {
      const { dir, wal } = await crashed(400);
      const intact = fs.readFileSync(wal);
      expect(intact.length).toBeGreaterThan(3 * 1024 * 1024);
      const frameSize = 24 + intact.readUInt32BE(8);
      const frame = Math.floor((2.5 * 1024 * 1024 - 32) / frameSize); // one in the third piece
      const damaged = Buffer.from(intact);
      damaged[32 + frame * frameSize + 24 + 100]! ^= 0xff;
      fs.writeFileSync(wal, damaged);
      expect(() => EmbeddedDb.open({ dataDir: dir })).toThrow(`a frame at byte ${32 + frame * frameSize} does not match its checksum`);

      fs.writeFileSync(wal, intact);
      const warn = vi.spyOn(console, 'warn');
      const names = await dishes(open(dir));
      expect([names.length, names.at(-1)]).toEqual([400, 'Dish 400']);
      expect(warn).not.toHaveBeenCalled();
    });
  });
});
