/**
 * The embedded engine on disk: one SQLite database, `<DATA_DIR>/bistro.db`, one row per document
 * (relaxed EJSON, readable with the `sqlite3` tool).
 *
 * A batch of writes is one transaction over the rows it changed, in WAL mode with a full fsync
 * before the batch is acknowledged: so a write costs what it changes, a SIGKILL loses nothing
 * acknowledged, and a crash never leaves half a batch. Copying the log back into the database (a
 * checkpoint) is the one step that grows with the file: a worker thread does it, so requests never
 * wait for it.
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

/** How often the worker copies the log into the database (DB_CHECKPOINT_MS to tune). */
const CHECKPOINT_MS = Number(process.env.DB_CHECKPOINT_MS) || 1000;

// Plain JavaScript run by the checkpoint worker (`eval`: no file for a bundler to find and move).
// A write that lands during a pass is not copied by it, so it goes again until the log is all
// copied: only then may the writer start the log over instead of growing it.
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file, { timeout: 1000 });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const log = (line) => workerData.log && writeSync(2, '[db] checkpoint ' + line + '\\n');
const timer = setInterval(() => {
  try {
    for (let pass = 0; pass < 4; pass++) {
      log('start');
      const started = performance.now();
      const { busy, log: frames, checkpointed } = checkpoint.get();
      log('done: ' + checkpointed + '/' + frames + ' frames in ' + (performance.now() - started).toFixed(1) + ' ms');
      if (busy || frames === checkpointed) break;
    }
  } catch (err) {
    log('failed: ' + err.message);
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
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
export function prepareSchema(db: DatabaseSync, file: string, { create }: { create: boolean }): boolean {
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
  readonly readOnly: boolean;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private worker: { thread: Worker; exited: Promise<unknown> } | null = null;

  private constructor(file: string, db: DatabaseSync, readOnly: boolean) {
    this.path = file;
    this.db = db;
    this.readOnly = readOnly;
  }

  /** The writer's connection (creating the file if needed), or a reader's; null for a reader while the file is still being created. */
  static open(file: string, options: { readOnly: true }): SqliteFile | null;
  static open(file: string, options: { readOnly: false }): SqliteFile;
  static open(file: string, { readOnly }: { readOnly: boolean }): SqliteFile | null {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(file, { readOnly, timeout: 2000 });
    try {
      if (!prepareSchema(db, file, { create: !readOnly })) {
        db.close();
        return null;
      }
      if (!readOnly) {
        // The checkpoint worker copies the log; the writer's own commits never do.
        db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 67108864;');
      }
    } catch (err) {
      if (db.isOpen) db.close();
      throw err instanceof DataDirError ? err : readError(file, err);
    }
    return new SqliteFile(file, db, readOnly);
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
      try {
        return fn();
      } finally {
        this.db.exec('COMMIT');
      }
    } catch (err) {
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

  /**
   * One transaction: the changed rows, then each touched collection's indexes and version. All or
   * nothing: on any error (a full disk, say) SQLite keeps the previous state.
   */
  commit(writes: readonly DocumentWrite[], touched: ReadonlyMap<string, readonly IndexSpec[]>): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const { collection, before, after } of writes) {
        if (!before) this.statement('INSERT INTO documents (collection, id, body) VALUES (?, ?, ?)').run(collection, valueKey(after!._id), encodeDocument(after!));
        else if (after) this.statement('UPDATE documents SET body = ? WHERE collection = ? AND id = ?').run(encodeDocument(after), collection, valueKey(after._id));
        else this.statement('DELETE FROM documents WHERE collection = ? AND id = ?').run(collection, valueKey(before._id));
      }
      for (const [name, indexes] of touched) {
        this.statement('INSERT INTO collections (name, indexes, version) VALUES (?, ?, 1) ON CONFLICT (name) DO UPDATE SET indexes = excluded.indexes, version = version + 1')
          .run(name, JSON.stringify(indexes));
      }
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** Starts the background checkpoints (the writer only). DB_LOG_CHECKPOINTS=1 logs each pass. */
  startCheckpoints(): void {
    const thread = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      workerData: { file: this.path, intervalMs: CHECKPOINT_MS, log: process.env.DB_LOG_CHECKPOINTS === '1' },
    });
    thread.unref();
    thread.on('error', (err) => console.error(`[db] background checkpoints of ${this.path} stopped:`, err));
    this.worker = { thread, exited: new Promise((resolve) => thread.once('exit', resolve)) };
  }

  async stopCheckpoints(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.thread.postMessage('close');
    await worker.exited;
  }

  /** The last connection to close checkpoints and removes the log: stop the checkpoints first. */
  close(): void {
    this.statements.clear();
    this.db.close();
  }
}
