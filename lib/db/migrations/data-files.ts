/**
 * Data that earlier releases of the embedded database stored in other files, moved into today's
 * store once, with the writer lock held, before the store opens:
 * - format 1, `bistro.json`: the whole database in one EJSON file;
 * - format 2, `bistro.db` with every collection in one `documents` table, held in memory by the
 *   engine that preceded this store.
 *
 * Each move builds `bistro.db.moving` beside the old file and renames it into place once complete;
 * the old file is kept as a backup until then and after (`bistro.json.bak`, `bistro.db.v2.bak`).
 * A move cut short resumes where it stopped at the next start, or with `npm run migrate`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { BSON, type Document } from 'mongodb';
import { decode, DocStore, WriterLock, type IndexSpec } from '../../docstore/index.ts';
import { DataDirError } from '../data-dir.ts';
import { isDuplicateKeyError } from '../errors.ts';
import type { MigrationDoc } from '../documents.ts';

export const DATA_FILE = 'bistro.db';
export const LEGACY_FILE = 'bistro.json';
const MOVED_JSON = 'file:bistro.json';
const MOVED_V2 = 'file:format-2';
/** Rows copied per transaction: a move cut short loses at most one batch of work. */
const BATCH = 2000;

interface OldCollection {
  name: string;
  indexes: IndexSpec[];
  /** Its documents after the row given, with their rows, in the order they were stored. */
  documents: (after: number) => Iterable<[rowid: number, doc: Document]>;
}

const sqlite = () => process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite');

function syncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Directories cannot be opened or fsynced everywhere (Windows); the rename is atomic regardless.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Renames a file to `<name><suffix>`, or a dated name if that is taken. */
function keepAs(file: string, suffix: string): string {
  let to = `${file}${suffix}`;
  if (fs.existsSync(to)) to = `${file}.${new Date().toISOString().replace(/[:.]/g, '-')}${suffix}`;
  fs.renameSync(file, to);
  return to;
}

const moves = (store: DocStore) => store.collection<MigrationDoc>('migrations');

/**
 * Copies collections into the store, each after the row a move cut short had copied, recording
 * its progress under `mark`, then builds their indexes.
 */
async function copyInto(store: DocStore, mark: string, collections: Iterable<OldCollection>): Promise<number> {
  const progress = moves(store);
  const copied = { ...(await progress.findOne({ _id: mark }))?.copied };
  let count = 0;
  for (const { name, indexes, documents } of collections) {
    const target = store.collection<Document>(name);
    let batch: Document[] = [];
    let last = 0;
    const flush = async () => {
      if (!batch.length) return;
      try {
        await target.insertMany(batch);
      } catch (err) {
        // The batch before a move was cut short may be there already, recorded or not.
        if (!isDuplicateKeyError(err)) throw err;
        for (const doc of batch) await target.insertOne(doc).catch((e: unknown) => { if (!isDuplicateKeyError(e)) throw e; });
      }
      count += batch.length;
      batch = [];
      copied[name] = last;
      await progress.updateOne({ _id: mark }, { $set: { copied }, $setOnInsert: { ranAt: new Date(0), tookMs: 0 } }, { upsert: true });
    };
    for (const [rowid, doc] of documents(copied[name] ?? 0)) {
      batch.push(doc);
      last = rowid;
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    for (const spec of indexes) {
      await target.createIndex(spec.key, { name: spec.name, unique: spec.unique, sparse: spec.sparse ?? false, ...(spec.expireAfterSeconds !== undefined ? { expireAfterSeconds: spec.expireAfterSeconds } : {}) });
    }
  }
  return count;
}

// ---- format 1: bistro.json ----

function readLegacy(file: string): { text: string; collections: OldCollection[] } {
  const text = fs.readFileSync(file, 'utf8');
  let parsed: { version?: number; collections?: Record<string, { indexes?: IndexSpec[]; documents?: Document[] }> };
  try {
    parsed = BSON.EJSON.parse(text, { relaxed: true }) as typeof parsed;
  } catch (err) {
    throw new DataDirError(`${file} is not valid EJSON (${(err as Error).message}); restore it from a backup or move it away`, { cause: err });
  }
  if ((parsed.version ?? 1) > 1) {
    throw new DataDirError(`${file} was written by a newer version of Bistro (format ${parsed.version}); run that version, or restore DATA_DIR from a backup`);
  }
  const collections = Object.entries(parsed.collections ?? {}).map(([name, saved]) => ({
    name,
    indexes: saved.indexes ?? [],
    documents: (after: number) => (saved.documents ?? []).map((doc, i): [number, Document] => [i + 1, doc]).slice(after),
  }));
  return { text, collections };
}

/** A build finding only bistro.json reads it as it is, into a store in memory. */
export async function loadLegacyFile(dataDir: string, store: DocStore): Promise<void> {
  const file = path.join(dataDir, LEGACY_FILE);
  if (fs.existsSync(file)) await copyInto(store, MOVED_JSON, readLegacy(file).collections);
}

async function moveLegacy(dataDir: string): Promise<void> {
  const json = path.join(dataDir, LEGACY_FILE);
  const file = path.join(dataDir, DATA_FILE);
  const { text, collections } = readLegacy(json);
  const source = createHash('sha256').update(text).digest('hex');
  if (fs.existsSync(file)) {
    // Both exist after a move that stopped just before keeping the old file aside; any other
    // bistro.json (restored by hand, say) is not in bistro.db.
    const store = DocStore.open({ file, readOnly: true });
    const moved = await moves(store).findOne({ _id: MOVED_JSON }).finally(() => store.close());
    if (moved?.source !== source) {
      throw new DataDirError(
        `DATA_DIR holds both ${file} and ${json}, and ${LEGACY_FILE} is not the file that was moved into ${DATA_FILE}. ` +
          `${DATA_FILE} is the data this version uses: move ${LEGACY_FILE} out of DATA_DIR to keep it, or move ${DATA_FILE} out to move ${LEGACY_FILE} instead.`,
      );
    }
    keepAs(json, '.bak');
    syncDir(dataDir);
    return;
  }
  const moving = `${file}.moving`;
  for (const suffix of ['', '-wal', '-shm', '.lock']) fs.rmSync(moving + suffix, { force: true });
  const started = Date.now();
  const store = DocStore.open({ file: moving });
  let count: number;
  try {
    count = await copyInto(store, MOVED_JSON, collections);
    await moves(store).updateOne({ _id: MOVED_JSON }, { $set: { ranAt: new Date(), tookMs: Date.now() - started, source }, $unset: { copied: '' } }, { upsert: true });
  } catch (err) {
    throw new DataDirError(`Could not move ${json} to ${file} (${(err as Error).message}); ${LEGACY_FILE} is untouched.`, { cause: err });
  } finally {
    store.close(); // checkpoints the log into the one file
    fs.rmSync(`${moving}.lock`, { force: true });
  }
  fs.renameSync(moving, file);
  syncDir(dataDir);
  const backup = keepAs(json, '.bak');
  fs.rmSync(path.join(dataDir, 'bistro.lock'), { force: true }); // format 1's own lock file
  syncDir(dataDir);
  console.log(`[db] Moved ${json} (${count} documents) to ${file}; the old file is kept as ${path.basename(backup)}.`);
}

// ---- format 2: one table of every collection's documents ----

function formatOf(file: string): number {
  const db = new (sqlite().DatabaseSync)(file, { readOnly: true });
  try {
    return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  } catch {
    return 0; // not a database: the store says so when it opens it
  } finally {
    db.close();
  }
}

function* rowsOf(old: DatabaseSync, name: string, after: number): Generator<[number, Document]> {
  const rows = old.prepare('SELECT rowid, body FROM documents WHERE collection = ? AND rowid > ? ORDER BY rowid').iterate(name, after);
  for (const row of rows as Iterable<{ rowid: number; body: string }>) {
    yield [Number(row.rowid), decode(row.body)];
  }
}

async function moveFormat2(dataDir: string): Promise<void> {
  const file = path.join(dataDir, DATA_FILE);
  const moving = `${file}.moving`;
  const started = Date.now();
  // Read-write, so that SQLite replays a log a crash left; nothing is written to it.
  const old = new (sqlite().DatabaseSync)(file);
  const store = DocStore.open({ file: moving });
  let count: number;
  try {
    // Every collection with documents, and those that have only indexes.
    const stored = old.prepare(`SELECT name, indexes FROM collections UNION SELECT DISTINCT collection, '[]' FROM documents
      WHERE collection NOT IN (SELECT name FROM collections) ORDER BY name`).all() as Array<{ name: string; indexes: string }>;
    console.log(`[db] Moving ${file} into this version's format, ${stored.length} collections; a move cut short resumes at the next start.`);
    count = await copyInto(store, MOVED_V2, stored.map(({ name, indexes }) => ({ name, indexes: JSON.parse(indexes) as IndexSpec[], documents: (after) => rowsOf(old, name, after) })));
    await moves(store).updateOne({ _id: MOVED_V2 }, { $set: { ranAt: new Date(), tookMs: Date.now() - started }, $unset: { copied: '' } }, { upsert: true });
  } catch (err) {
    throw new DataDirError(`Could not move ${file} into this version's format (${(err as Error).message}); it is untouched, and the move resumes at the next start.`, { cause: err });
  } finally {
    store.close();
    fs.rmSync(`${moving}.lock`, { force: true });
    old.close();
  }
  const backup = keepAs(file, '.v2.bak');
  fs.renameSync(moving, file);
  syncDir(dataDir);
  console.log(`[db] Moved ${count} documents in ${((Date.now() - started) / 1000).toFixed(1)} s; the old file is kept as ${path.basename(backup)} (delete it once you no longer need it).`);
}

/** A move complete but for its last rename (the old file already kept aside) is finished. */
async function finishMove(dataDir: string): Promise<void> {
  const file = path.join(dataDir, DATA_FILE);
  const moving = `${file}.moving`;
  if (fs.existsSync(file) || !fs.existsSync(moving)) return;
  const store = DocStore.open({ file: moving, readOnly: true });
  const done = await moves(store).countDocuments({ _id: { $in: [MOVED_JSON, MOVED_V2] }, ranAt: { $gt: new Date(0) } }).finally(() => {
    store.close();
    fs.rmSync(`${moving}.lock`, { force: true });
  });
  if (done) fs.renameSync(moving, file);
}

/** With the writer lock: what an earlier release stored, in today's format. Nothing while another process holds the data. */
export async function moveOlderFiles(dataDir: string): Promise<void> {
  const file = path.join(dataDir, DATA_FILE);
  const lock = new WriterLock(`${file}.lock`);
  if (!lock.tryAcquire()) return;
  try {
    await finishMove(dataDir);
    if (fs.existsSync(path.join(dataDir, LEGACY_FILE))) await moveLegacy(dataDir);
    if (fs.existsSync(file) && formatOf(file) === 2) await moveFormat2(dataDir);
  } finally {
    lock.release();
  }
}
