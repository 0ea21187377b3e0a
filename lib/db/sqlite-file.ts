/**
 * The embedded engine on disk: one SQLite database, `<DATA_DIR>/bistro.db`, one row per document
 * (relaxed EJSON, readable with the `sqlite3` tool).
 *
 * A batch of writes is one transaction over the rows it changed, in WAL mode with a full fsync
 * before the batch is acknowledged: so a write costs what it changes, a SIGKILL loses nothing
 * acknowledged, and a crash never leaves half a batch. A worker thread owns the writing
 * connection (`SqliteWriter`): the fsync of each batch, and the checkpoints that copy the log back
 * into the database between batches, never hold up the event loop. The main thread's connection
 * (`SqliteFile`) reads: the whole file when the engine opens, and a reader's catching up.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { Document } from 'mongodb';
import { DataDirError } from './data-dir.ts';
import { encodeDocument } from './document-codec.ts';
import { valueKey, type IndexSpec } from './store.ts';

export const DATA_FILE = 'bistro.db';
/** Stored as SQLite's user_version. Format 1 was the single EJSON file (legacy-json.ts). */
export const FORMAT_VERSION = 2;

/**
 * `node:sqlite`, looked up at run time: bundlers leave it alone, and an old Node gets a sentence
 * instead of a failed import.
 */
export function sqlite(): typeof import('node:sqlite') {
  const mod = process.getBuiltinModule?.('node:sqlite');
  if (!mod) {
    throw new DataDirError(`The embedded database needs Node.js 22.13 or later (this is ${process.version}). Upgrade Node.js, or set MONGODB_URI to use MongoDB.`);
  }
  return mod;
}

const SCHEMA = `
  CREATE TABLE collections (name TEXT PRIMARY KEY, indexes TEXT NOT NULL, version INTEGER NOT NULL);
  CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (collection, id));
  -- Rows by collection in rowid order, which is insertion order: MongoDB's natural order, kept on load.
  CREATE INDEX documents_by_collection ON documents (collection);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  PRAGMA user_version = ${FORMAT_VERSION};
`;

/** One document write: an insert (before absent), a replacement, or a deletion (after absent). */
export interface DocumentWrite {
  collection: string;
  before?: Document;
  after?: Document;
}

export interface StoredCollection {
  name: string;
  indexes: IndexSpec[];
  version: number;
}

export interface StoredRow {
  collection: string;
  id: string;
  body: string;
}

/** How often the worker copies the log into the database, if anything was written (DB_CHECKPOINT_MS to tune). */
const CHECKPOINT_MS = Number(process.env.DB_CHECKPOINT_MS) || 1000;

/**
 * For every connection (pragmas rather than constructor options, which Node 22.13 lacks): wait a
 * moment for a lock another process holds briefly (while it recovers the log, say).
 */
const CONNECTION_PRAGMAS = 'PRAGMA busy_timeout = 2000;';
/** For every writing connection. The log starts over after each checkpoint; a burst that grew it past 4 MB is cut back then. */
const WRITER_PRAGMAS = `${CONNECTION_PRAGMAS} PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 4194304;`;

/** Ends a failed transaction, if SQLite has not already. */
function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // No transaction is active: SQLite rolled it back itself.
  }
}

const SQL = {
  insert: 'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?)',
  update: 'UPDATE documents SET body = ? WHERE collection = ? AND id = ?',
  remove: 'DELETE FROM documents WHERE collection = ? AND id = ?',
  touch: 'INSERT INTO collections (name, indexes, version) VALUES (?, ?, 1) ON CONFLICT (name) DO UPDATE SET indexes = excluded.indexes, version = version + 1',
};

// Plain JavaScript run by the writer thread (`eval`: no file for a bundler to find and move).
// Batches and checkpoints take turns on its one connection, so a checkpoint always copies the
// whole log and the next batch can start the log over instead of growing it.
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { DatabaseSync } = require('node:sqlite');
const { file, intervalMs, logCheckpoints, pragmas, sql } = workerData;
const db = new DatabaseSync(file);
db.exec(pragmas);
const statements = Object.fromEntries(Object.entries(sql).map(([name, text]) => [name, db.prepare(text)]));
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const log = (line) => logCheckpoints && writeSync(2, '[db] checkpoint ' + line + '\\n');
let written = false;

function commit(writes, touched) {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const [kind, collection, id, body] of writes) {
      if (kind === 'insert') statements.insert.run(collection, id, body);
      else if (kind === 'update') statements.update.run(body, collection, id);
      else statements.remove.run(collection, id);
    }
    for (const [name, indexes] of touched) statements.touch.run(name, indexes);
    db.exec('COMMIT');
  } catch (err) {
    try {
      db.exec('ROLLBACK');
    } catch {}
    throw err;
  }
}

const timer = setInterval(() => {
  if (!written) return;
  written = false;
  log('start');
  const started = performance.now();
  try {
    const { log: frames, checkpointed } = checkpoint.get();
    log('done: ' + checkpointed + '/' + frames + ' frames in ' + (performance.now() - started).toFixed(1) + ' ms');
  } catch (err) {
    log('failed: ' + err.message);
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
    return;
  }
  try {
    commit(message.writes, message.touched);
    written = true;
    parentPort.postMessage({ id: message.id });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: { message: err.message, errcode: err.errcode } });
  }
});
`;

function readError(file: string, err: unknown): DataDirError {
  return new DataDirError(
    `${file} cannot be read (${(err as Error).message}): it is damaged or not a Bistro database. Restore DATA_DIR from a backup, or move the file away to start empty.`,
    { cause: err },
  );
}

/**
 * Creates the tables in an empty database (with `create`); refuses a database that is not ours or
 * is newer. False when the database is empty and was left so.
 */
function prepareSchema(db: DatabaseSync, file: string, { create }: { create: boolean }): boolean {
  let version: number;
  let tables: number;
  try {
    version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    tables = Number((db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n);
  } catch (err) {
    throw readError(file, err);
  }
  if (version > FORMAT_VERSION) {
    throw new DataDirError(
      `${file} was written by a newer version of Bistro (data format ${version}; this version reads up to ${FORMAT_VERSION}). Run the newer version, or restore DATA_DIR from a backup made for this one.`,
    );
  }
  if (version === FORMAT_VERSION) return true;
  if (tables > 0) throw readError(file, new Error(`unknown data format ${version}`));
  if (create) db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
  return create;
}

export class SqliteFile {
  readonly path: string;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  private constructor(file: string, db: DatabaseSync) {
    this.path = file;
    this.db = db;
  }

  /** The writer's connection (creating the file if needed), or a reader's; null for a reader while the file is still being created. */
  static open(file: string, options: { readOnly: true }): SqliteFile | null;
  static open(file: string, options: { readOnly: false }): SqliteFile;
  static open(file: string, { readOnly }: { readOnly: boolean }): SqliteFile | null {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(file, { readOnly });
    try {
      db.exec(CONNECTION_PRAGMAS);
      if (!prepareSchema(db, file, { create: !readOnly })) {
        db.close();
        return null;
      }
      if (!readOnly) {
        db.exec(`PRAGMA journal_mode = WAL; ${WRITER_PRAGMAS}`);
      }
    } catch (err) {
      db.close();
      throw err instanceof DataDirError ? err : readError(file, err);
    }
    return new SqliteFile(file, db);
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /** Reads a consistent snapshot (one read transaction) of the collections and their rows. */
  read<T>(fn: () => T): T {
    try {
      this.db.exec('BEGIN');
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      rollback(this.db);
      throw err instanceof DataDirError ? err : readError(this.path, err);
    }
  }

  collections(): StoredCollection[] {
    return (this.statement('SELECT name, indexes, version FROM collections').all() as unknown as Array<{ name: string; indexes: string; version: number }>).map((row) => ({
      name: row.name,
      indexes: (JSON.parse(row.indexes) as IndexSpec[]).map((spec) => ({ ...spec, sparse: spec.sparse ?? false })),
      version: Number(row.version),
    }));
  }

  /** Rows in insertion order; one collection's, or every collection's. */
  rows(collection?: string): Iterable<StoredRow> {
    return (collection === undefined
      ? this.statement('SELECT collection, id, body FROM documents ORDER BY rowid').iterate()
      : this.statement('SELECT collection, id, body FROM documents WHERE collection = ? ORDER BY rowid').iterate(collection)) as Iterable<StoredRow>;
  }

  /** Changes whenever another connection commits: how a reader notices the writer's writes. */
  dataVersion(): number {
    return Number((this.statement('PRAGMA data_version').get() as { data_version: number }).data_version);
  }

  meta(key: string): string | null {
    return ((this.statement('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value) ?? null;
  }

  setMeta(key: string, value: string): void {
    this.statement('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Inserts whole collections in one transaction: the migration of an older file. */
  insertAll(collections: ReadonlyArray<{ name: string; indexes: readonly IndexSpec[]; documents: readonly Document[] }>): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const { name, indexes, documents } of collections) {
        for (const doc of documents) this.statement(SQL.insert).run(name, valueKey(doc._id), encodeDocument(doc));
        this.statement(SQL.touch).run(name, JSON.stringify(indexes));
      }
      this.db.exec('COMMIT');
    } catch (err) {
      rollback(this.db);
      throw err;
    }
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

/** A failed batch, as SQLite reported it (`errcode` 13 is a full disk). */
export class SaveFailure extends Error {
  readonly errcode?: number;
  constructor(message: string, errcode?: number) {
    super(message);
    this.name = 'SaveFailure';
    this.errcode = errcode;
  }
}

/** The writing connection, in its own thread; see the file comment. */
export class SqliteWriter {
  private readonly thread: Worker;
  private readonly exited: Promise<unknown>;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private nextId = 0;
  private stopped: Error | null = null;

  private constructor(file: string) {
    this.thread = new Worker(WRITER_THREAD, {
      eval: true,
      workerData: { file, intervalMs: CHECKPOINT_MS, logCheckpoints: process.env.DB_LOG_CHECKPOINTS === '1', pragmas: WRITER_PRAGMAS, sql: SQL },
    });
    this.thread.unref(); // referenced only while a batch is under way: an idle engine keeps no process alive
    this.exited = new Promise((resolve) => this.thread.once('exit', resolve));
    this.thread.on('message', ({ id, error }: { id: number; error?: { message: string; errcode?: number } }) => {
      const request = this.pending.get(id);
      this.pending.delete(id);
      if (!this.pending.size) this.thread.unref();
      if (error) request?.reject(new SaveFailure(error.message, error.errcode));
      else request?.resolve();
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const { reject } of this.pending.values()) reject(this.stopped);
      this.pending.clear();
    };
    this.thread.on('error', (err) => {
      console.error(`[db] the thread writing ${file} stopped:`, err);
      stop(new SaveFailure(`the thread writing ${file} stopped (${err.message})`));
    });
    this.thread.once('exit', () => stop(new SaveFailure(`the thread writing ${file} has stopped`)));
  }

  static start(file: string): SqliteWriter {
    return new SqliteWriter(file);
  }

  /** Saves the writes, then each touched collection's indexes and version, as one transaction. */
  commit(writes: readonly DocumentWrite[], touched: ReadonlyMap<string, readonly IndexSpec[]>): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    const rows = writes.map(({ collection, before, after }) =>
      !before ? ['insert', collection, valueKey(after!._id), encodeDocument(after!)]
        : after ? ['update', collection, valueKey(after._id), encodeDocument(after)]
          : ['remove', collection, valueKey(before._id)],
    );
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.ref();
      this.thread.postMessage({ id, writes: rows, touched: [...touched].map(([name, indexes]) => [name, JSON.stringify(indexes)]) });
    });
  }

  /** Closes its connection, the last one: SQLite then checkpoints and removes the log, in that thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      this.thread.ref();
      this.thread.postMessage({ type: 'close' });
    }
    await this.exited;
  }
}
