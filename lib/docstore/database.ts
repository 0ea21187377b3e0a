/**
 * A document store on one SQLite file: a table per collection (`id`, the `_id` as JSON text, and
 * `body`, the document as JSON), SQLite indexes for the declared ones, and a small catalog of those
 * indexes and of the indexed fields that have held an array. SQLite plans, indexes, pages, caches
 * and recovers after a crash; this layer compiles the MongoDB subset to SQL (compile.ts) and
 * applies update operators (update.ts). Nothing is held in memory but the catalog.
 *
 * One process writes: it holds the writer lock (lock.ts). Another process opens the file read-only
 * and reads what the writer committed; it becomes the writer if it must write once that one has
 * exited.
 */
import fs from 'node:fs';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { DocCollection } from './collection.ts';
import { type IndexSpec, quote } from './compile.ts';
import { SQLITE_FULL, StoreFileError, sqliteCode } from './errors.ts';
import { WriterLock } from './lock.ts';
import { sqlite } from './sqlite.ts';

/** Stored as SQLite's user_version. */
export const FORMAT = 3;

const SCHEMA = `
  CREATE TABLE docstore_collections (name TEXT PRIMARY KEY, arrays TEXT NOT NULL DEFAULT '[]');
  CREATE TABLE docstore_indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name));
  CREATE TABLE docstore_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  PRAGMA user_version = ${FORMAT};
`;

export interface OpenOptions {
  /** The database file; none keeps the data in memory (a build with no data yet, tests). */
  file?: string;
  /** Never take the writer lock, never write (a build reading a server's data). */
  readOnly?: boolean;
  /**
   * `NORMAL` (the default) syncs the log to disk at each checkpoint, which follows a write within
   * `CHECKPOINT_MS`; `FULL` at every commit (about 4 ms a write on a shared virtual disk, against
   * 0.1 ms). Either way a commit survives the process being killed; only a power cut or an OS crash
   * tells them apart: with `NORMAL` it can undo the writes of the last second.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** How soon after a write its log is synced and copied into the file; 1 s unless given. */
  checkpointMs?: number;
  /** Told as each of those checkpoints starts, and when it is done with how many frames of the log it copied. */
  onCheckpoint?: (done?: { frames: number; copied: number }) => void;
  /** Called for every query with SQLite's plan for its statement (tests). */
  onPlan?: (plan: QueryPlan) => void;
}

export interface QueryPlan {
  collection: string;
  sql: string;
  /** EXPLAIN QUERY PLAN's lines, e.g. `SEARCH payments USING INDEX …` or `SCAN payments`. */
  steps: string[];
  /** The query had a filter or a sort: a scan is then a scan to find or order, not a read of everything asked. */
  narrowed: boolean;
}

export interface CollectionInfo {
  indexes: Map<string, IndexSpec>;
  /** Indexed fields that have held an array, or crossed one: SQL does not compare them. */
  arrays: Set<string>;
}

type Mode = 'writer' | 'reader' | 'memory';

/** Statements kept prepared; `IN` lists of every length make a few hundred at most. */
const STATEMENT_CACHE = 500;
/** How soon after a write its log is synced and copied into the file, unless the options say otherwise. */
const CHECKPOINT_MS = 1000;

function readError(file: string, err: unknown): StoreFileError {
  return new StoreFileError(`${file} cannot be read (${(err as Error).message}): it is damaged or not a database of this store.`, { cause: err });
}

export class DocStore {
  readonly file: string | null;
  private readonly options: OpenOptions;
  private readonly lock: WriterLock | null;
  private mode: Mode;
  private db!: DatabaseSync;
  /** False while a reader's file is still empty (no tables yet). */
  private ready = false;
  private catalog = new Map<string, CollectionInfo>();
  private catalogVersion = -1;
  private readonly statements = new Map<string, StatementSync>();
  private readonly plans = new Map<string, string[]>();
  private closed = false;
  private checkpoint: NodeJS.Timeout | null = null;

  private constructor(options: OpenOptions) {
    this.options = options;
    this.file = options.file ?? null;
    this.lock = this.file && !options.readOnly ? new WriterLock(`${this.file}.lock`) : null;
    this.mode = this.file ? 'reader' : 'memory';
  }

  static open(options: OpenOptions = {}): DocStore {
    const store = new DocStore(options);
    if (store.lock?.heldHere) throw new Error(`${store.file} is already open in this process; reuse that handle or close it first`);
    if (!store.file) store.connect(false);
    else if (!store.lock?.tryAcquire()) store.connect(true);
    else {
      try {
        store.connect(false);
      } catch (err) {
        store.lock.release();
        throw err;
      }
    }
    return store;
  }

  private connect(readOnly: boolean): void {
    const { DatabaseSync } = sqlite();
    if (readOnly && !fs.existsSync(this.file!)) {
      this.mode = 'reader';
      this.ready = false;
      return;
    }
    const db = new DatabaseSync(this.file ?? ':memory:', { readOnly });
    try {
      db.exec('PRAGMA busy_timeout = 2000');
      this.ready = this.checkFormat(db, !readOnly);
      if (!readOnly) {
        db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${this.options.synchronous ?? 'NORMAL'}`);
        db.prepare('INSERT INTO docstore_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run('writer_pid', String(process.pid));
      }
    } catch (err) {
      db.close();
      throw err instanceof StoreFileError ? err : readError(this.file ?? ':memory:', err);
    }
    this.db = db;
    this.mode = readOnly ? 'reader' : this.file ? 'writer' : 'memory';
    this.statements.clear();
    this.catalogVersion = -1;
    if (this.ready) this.loadCatalog();
  }

  /** Creates the tables in an empty file (when it may); refuses one that is newer, older or not ours. False when empty and left so. */
  private checkFormat(db: DatabaseSync, create: boolean): boolean {
    let version: number;
    let tables: number;
    try {
      version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
      tables = Number((db.prepare("SELECT count(*) AS tally FROM sqlite_schema WHERE type = 'table'").get() as { tally: number }).tally);
    } catch (err) {
      throw readError(this.file ?? ':memory:', err);
    }
    if (version === FORMAT) return true;
    if (version > FORMAT) {
      throw new StoreFileError(`${this.file} was written by a newer version (data format ${version}; this version reads up to ${FORMAT}).`);
    }
    if (tables > 0) {
      if (version > 0) throw new StoreFileError(`${this.file} holds data in the older format ${version}, which must be moved first.`, { format: version });
      throw readError(this.file ?? ':memory:', new Error('unknown data format'));
    }
    if (create) db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
    return create;
  }

  get writable(): boolean {
    return this.mode !== 'reader';
  }

  /** While read-only: the pid of the process that holds the writer lock, as it recorded it. */
  get lockedBy(): number | null {
    if (this.mode !== 'reader' || !this.ready || this.options.readOnly || !this.db) return null;
    const row = this.db.prepare('SELECT value FROM docstore_meta WHERE key = ?').get('writer_pid') as { value: string } | undefined;
    const pid = Number(row?.value);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  }

  collection<T extends import('mongodb').Document>(name: string): DocCollection<T> {
    if (/^(docstore_|sqlite_)/.test(name) || !name) throw new Error(`"${name}" is not a collection name this store allows`);
    return new DocCollection<T>(this, name);
  }

  /** Writes what is in the log into the file and releases it and the lock. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.checkpoint) clearTimeout(this.checkpoint);
    this.statements.clear();
    if (this.db?.isOpen) this.db.close();
    if (this.mode === 'writer') this.lock?.release();
  }

  // ---- what the collections use ----

  /** The collection's indexes and array fields; undefined when it has no table yet. */
  info(name: string): CollectionInfo | undefined {
    this.assertOpen();
    if (!this.ready) this.connectIfCreated();
    if (this.mode === 'reader' && this.ready) {
      // Another process writes: its new indexes and array fields are read again when it has committed.
      const version = Number((this.statement('PRAGMA data_version').get() as { data_version: number }).data_version);
      if (version !== this.catalogVersion) this.loadCatalog(version);
    }
    return this.catalog.get(name);
  }

  private connectIfCreated(): void {
    if (this.mode === 'reader' && this.file && fs.existsSync(this.file)) this.connect(true);
  }

  private loadCatalog(version?: number): void {
    const catalog = new Map<string, CollectionInfo>();
    for (const row of this.db.prepare('SELECT name, arrays FROM docstore_collections').all() as Array<{ name: string; arrays: string }>) {
      catalog.set(row.name, { indexes: new Map(), arrays: new Set(JSON.parse(row.arrays) as string[]) });
    }
    for (const row of this.db.prepare('SELECT collection, spec FROM docstore_indexes').all() as Array<{ collection: string; spec: string }>) {
      const spec = JSON.parse(row.spec) as IndexSpec;
      catalog.get(row.collection)?.indexes.set(spec.name, spec);
    }
    this.catalog = catalog;
    this.catalogVersion = version ?? Number((this.db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version);
  }

  /** Inside a write: the collection's table, made if it is new. */
  table(name: string): CollectionInfo {
    let info = this.catalog.get(name);
    if (info) return info;
    this.db.exec(`CREATE TABLE ${quote(name)} (id PRIMARY KEY NOT NULL, body TEXT NOT NULL)`);
    this.run('INSERT INTO docstore_collections (name) VALUES (?)', name);
    info = { indexes: new Map(), arrays: new Set() };
    this.catalog.set(name, info);
    return info;
  }

  /** Inside a write: the catalog's copy of a collection's indexes and array fields. */
  saveInfo(name: string, info: CollectionInfo, changed: { index?: IndexSpec; dropped?: string }): void {
    this.run('UPDATE docstore_collections SET arrays = ? WHERE name = ?', JSON.stringify([...info.arrays]), name);
    if (changed.index) this.run('INSERT INTO docstore_indexes (collection, name, spec) VALUES (?, ?, ?)', name, changed.index.name, JSON.stringify(changed.index));
    if (changed.dropped) this.run('DELETE FROM docstore_indexes WHERE collection = ? AND name = ?', name, changed.dropped);
  }

  /** A prepared statement; for a query of a collection, its plan is shown to `onPlan` each time. */
  statement(sql: string, query?: { collection: string; narrowed: boolean }, params: SQLInputValue[] = []): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE) {
        this.statements.clear();
        this.plans.clear();
      }
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    if (query && this.options.onPlan) {
      let steps = this.plans.get(sql);
      if (!steps) this.plans.set(sql, (steps = (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail)));
      this.options.onPlan({ ...query, sql, steps });
    }
    return statement;
  }

  run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.statement(sql).run(...params).changes);
  }

  /** Runs statements that change the schema (tables, indexes): the plans shown before may have changed with it. */
  exec(sql: string): void {
    this.db.exec(sql);
    this.plans.clear();
  }

  /**
   * One write, all or nothing, committed before it returns: BEGIN IMMEDIATE takes SQLite's write
   * lock, so what `fn` reads is what it writes over. Nothing else runs in this process meanwhile
   * (the driver is synchronous), so two callers acting at once are settled here.
   */
  write<T>(fn: () => T): T {
    this.assertWritable();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      this.checkpoint ??= setTimeout(() => this.copyLog(), this.options.checkpointMs ?? CHECKPOINT_MS).unref();
      return result;
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      // The catalog may hold what the rollback undid: read it again.
      this.loadCatalog();
      throw this.fileError(err);
    }
  }

  /** A checkpoint: the log synced to disk, and what no reader still needs copied into the file. */
  private copyLog(): void {
    this.checkpoint = null;
    if (this.closed) return;
    try {
      this.options.onCheckpoint?.();
      const done = this.db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number; checkpointed: number };
      this.options.onCheckpoint?.({ frames: Number(done.log), copied: Number(done.checkpointed) });
    } catch (err) {
      // The log keeps the writes; the next checkpoint copies them.
      console.error(`[db] checkpoint of ${this.file} failed: ${(err as Error).message}`);
    }
  }

  /** Errors of the file itself (a full disk, a read-only or vanished file) say so; others pass. */
  private fileError(err: unknown): unknown {
    const code = sqliteCode(err);
    if (code === undefined || ![SQLITE_FULL, 8, 10, 14].includes(code & 0xff)) return err;
    const full = (code & 0xff) === SQLITE_FULL;
    return new StoreFileError(`Could not save to ${this.file} (${(err as Error).message}); nothing of this write was kept.${full ? ' The disk is full: free some space.' : ''}`, { cause: err });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`${this.file ?? 'The in-memory store'} was closed`);
  }

  /** Throws unless this process may write; takes the lock over if its holder has exited since. */
  assertWritable(): void {
    this.assertOpen();
    if (this.mode !== 'reader') return;
    if (this.lock?.tryAcquire()) {
      this.db?.close();
      try {
        this.connect(false);
        return;
      } catch (err) {
        this.lock.release();
        throw err;
      }
    }
    const who = this.options.readOnly ? 'it was opened read-only' : `process ${this.lockedBy ?? '(unknown)'} holds ${this.lock?.path}`;
    throw new Error(`The database ${this.file} is read-only here: ${who}. Stop that process first.`);
  }
}
