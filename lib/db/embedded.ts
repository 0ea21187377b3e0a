/**
 * The embedded database: MongoDB's query language (via mingo) over documents held in memory
 * (lib/db/store.ts), stored one row per document in `<DATA_DIR>/bistro.db` (lib/db/sqlite-file.ts).
 *
 * It exists so the app runs with no database server at all; production points MONGODB_URI at a
 * real MongoDB instead. Its collections (lib/db/embedded-collection.ts) implement exactly
 * `AppCollection`, so both backends are interchangeable behind `getDb()`.
 *
 * One process writes: it holds the writer lock. Any other process opens the data read-only and
 * follows the writer's commits (`next build` prerendering while a server runs, `npm run seed`
 * finding a server running), and becomes the writer if it needs to write once the writer is gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'mongodb';
import type { Collections } from './documents.ts';
import { DataDirError, notWritable, resolveDataDir } from './data-dir.ts';
import { ColdRows, COLD_RULES, COMPACT_RULES, coldCutoff, coldOrderDays, jsonPath, usableField, type CompactRule } from './cold.ts';
import { decodeEjson } from './document-codec.ts';
import { EmbeddedCollection, type Engine } from './embedded-collection.ts';
import { LEGACY_FILE, migrateLegacyFile, readLegacyFile } from './legacy-json.ts';
import { DATA_FILE, SqliteFile, type StoredRow } from './sqlite-file.ts';
import { SqliteWriter } from './sqlite-writer.ts';
import { Store, valueKey, type Change, type IndexSpec } from './store.ts';
import type { AppCollection, AppDb } from './types.ts';
import { checkWal } from './wal-check.ts';
import { WriterLock } from './writer-lock.ts';

export { DATA_FILE, DataDirError, LEGACY_FILE, resolveDataDir };
export { EmbeddedServerError } from './store.ts';
export const LOCK_FILE = 'bistro.db.lock';

/** How often the writer looks for orders that have become cold while it runs. */
const COLD_SWEEP_MS = 60 * 60 * 1000;
/** SQLite's code for a full disk. */
const SQLITE_FULL = 13;
/** To see what saving costs: DB_LOG_SAVES_OVER_MS=5 logs every batch that took longer to be on disk. */
const LOG_SAVES_OVER_MS = process.env.DB_LOG_SAVES_OVER_MS ? Number(process.env.DB_LOG_SAVES_OVER_MS) : Infinity;

type Mode = 'writer' | 'reader' | 'memory';

export interface EmbeddedOptions {
  /** Defaults to resolveDataDir(). */
  dataDir?: string;
  /** `next build`: never lock, never write; if there is no data yet, writes stay in memory. */
  buildPhase?: boolean;
  /** How old a closed order is before it is kept on disk only; defaults to COLD_ORDER_DAYS, else 30. */
  coldOrderDays?: number;
  /** False: what has settled (closed orders, past days of the rollups) is held whole too, not compact (what the tests compare with). */
  compact?: boolean;
}

/** What a batch remembers of each step, to undo it in memory if the batch cannot be saved. */
type Step = { store: Store; change: Change } | { store: Store; index: IndexSpec } | { store: Store; dropped: IndexSpec } | { store: Store; cold: Document };

function decodeRow(row: StoredRow): Document {
  try {
    return decodeEjson(row.body);
  } catch (err) {
    throw new Error(`document ${row.id} of ${row.collection}: ${(err as Error).message}`, { cause: err });
  }
}

function saveError(file: string, err: unknown): DataDirError {
  const full = (err as { errcode?: number }).errcode === SQLITE_FULL || (err as NodeJS.ErrnoException).code === 'ENOSPC';
  const advice = full ? ' The disk holding DATA_DIR is full: free some space.' : '';
  return new DataDirError(`Could not save to ${file} (${(err as Error).message}); nothing of this write was kept.${advice}`, { cause: err });
}

export class EmbeddedDb implements AppDb, Engine {
  readonly dataDir: string;
  /** The data file, `<dataDir>/bistro.db`. */
  readonly file: string;
  private readonly lock: WriterLock;
  private readonly buildPhase: boolean;
  private mode: Mode = 'reader';
  /** The main thread's connection: the writer's for loading, a reader's for following. */
  private storage: SqliteFile | null = null;
  /** The writer's writing connection, in its own thread. */
  private writer: SqliteWriter | null = null;
  private stores = new Map<string, Store>();
  /** Reader: the collection versions its stores were loaded at, and the last commit it saw. */
  private loadedVersions = new Map<string, number>();
  private seenDataVersion = -1;
  /** Reader of a bistro.json not yet migrated: a fixed snapshot. */
  private legacySnapshot = false;
  /** Writer: the steps gathered since the batch being saved, and who waits for them to be on disk. */
  private steps: Step[] = [];
  private waiters: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  private flushScheduled = false;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly coldDays: number;
  private readonly compact: boolean;
  private sweepTimer: NodeJS.Timeout | null = null;

  private constructor(dataDir: string, buildPhase: boolean, coldDays: number, compact: boolean) {
    this.dataDir = dataDir;
    this.file = path.join(dataDir, DATA_FILE);
    this.lock = new WriterLock(path.join(dataDir, LOCK_FILE));
    this.buildPhase = buildPhase;
    this.coldDays = coldDays;
    this.compact = compact;
  }

  static open(options: EmbeddedOptions = {}): EmbeddedDb {
    const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? resolveDataDir());
    const db = new EmbeddedDb(dataDir, options.buildPhase ?? false, options.coldOrderDays ?? coldOrderDays(), options.compact ?? true);
    if (!db.buildPhase && db.lock.heldHere) throw new Error(`${db.dataDir} is already open in this process; reuse that handle or close it first`);
    if (db.buildPhase || !db.tryBecomeWriter()) db.openReader();
    return db;
  }

  get writable(): boolean {
    return this.mode !== 'reader';
  }

  /** While read-only: the pid of the process that holds the writer lock, as it recorded it. */
  get lockedBy(): number | null {
    if (this.mode !== 'reader' || this.buildPhase) return null;
    const pid = Number(this.storage?.meta('writer_pid'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  }

  collection<K extends keyof Collections>(name: K): AppCollection<Collections[K]> {
    return new EmbeddedCollection<Collections[K]>(this, name);
  }

  /** Waits for the writes under way, then releases the file and the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    while (this.flushScheduled || this.flushing) await (this.flushing ?? new Promise((resolve) => setImmediate(resolve)));
    this.closed = true;
    this.storage?.close();
    this.storage = null;
    await this.writer?.close(); // the last connection: it checkpoints, in its thread
    this.writer = null;
    if (this.mode === 'writer') this.lock.release();
  }

  // ---- opening ----
  /** Becomes the writer if no other process is: migrates, checks the log, loads everything. */
  private tryBecomeWriter(): boolean {
    try {
      fs.mkdirSync(this.dataDir, { recursive: true });
      if (!this.lock.tryAcquire()) return false;
    } catch (err) {
      throw notWritable(this.dataDir, err);
    }
    try {
      migrateLegacyFile(this.dataDir);
      const wal = checkWal(`${this.file}-wal`);
      if (wal?.unfinishedBytes) {
        console.warn(`[db] ${this.file}-wal ends with ${wal.unfinishedBytes} bytes of a write that a crash cut short; it was never acknowledged and is dropped.`);
      }
      this.storage?.close();
      this.storage = null;
      const storage = SqliteFile.open(this.file, { readOnly: false });
      this.storage = storage;
      storage.setMeta('writer_pid', String(process.pid));
      this.sweepAtStart(storage);
      this.stores = storage.read(() => {
        const stores = new Map<string, Store>();
        const collections = storage.collections();
        for (const { name } of collections) stores.set(name, new Store(name));
        // Only what is not cold is read, and of what has settled only what is held compact:
        // start-up follows the open orders, not the history, and decodes only them whole.
        const now = new Date();
        const compacting = (this.compact ? COMPACT_RULES : []).flatMap((rule) => {
          const store = stores.get(rule.collection);
          if (!store) return [];
          this.holdCompact(storage, store, rule);
          const keep = rule.keep && store.keptFields(collections.find((c) => c.name === rule.collection)!.indexes);
          if (keep && !keep.every(usableField)) return []; // held compact from the first sweep on
          if (keep) store.keepOnly(keep);
          return [{ rule, keep }];
        });
        const rows = storage.hotRowsCompact(compacting.map(({ rule, keep }) => ({
          collection: rule.collection, where: rule.settledWhere(now), paths: keep?.map(jsonPath), omit: rule.omit?.map(jsonPath),
        })));
        // A diner's email and name, a status, are held once however many of their orders are compact.
        const strings = new Map<string, string>();
        const value = (text: string | null) => {
          if (text === null) return undefined;
          const decoded = decodeEjson<unknown>(text);
          if (typeof decoded !== 'string') return decoded;
          const held = strings.get(decoded);
          if (held !== undefined) return held;
          strings.set(decoded, decoded);
          return decoded;
        };
        for (const row of rows) {
          let store = stores.get(row.collection);
          if (!store) stores.set(row.collection, (store = new Store(row.collection)));
          const keep = row.rule === undefined ? undefined : compacting[row.rule]!.keep;
          if (row.rule === undefined) store.load(row.id, decodeRow(row), row.seq);
          else if (keep) store.loadCompact(row.id, Store.compactFrom(decodeEjson(row.id), keep, row.kept!.map(value)), row.seq);
          else store.loadCompact(row.id, decodeRow(row), row.seq);
        }
        const last = storage.lastSeq();
        for (const store of stores.values()) store.startOrderAt(last + 1);
        for (const { name, indexes } of collections) for (const spec of indexes) stores.get(name)!.addIndex(spec);
        for (const rule of COLD_RULES) {
          const store = stores.get(rule.collection);
          if (store) store.cold = new ColdRows(storage, store);
        }
        return stores;
      });
      this.writer = SqliteWriter.start(this.file);
      this.sweepTimer = setInterval(() => void this.sweepCold(), COLD_SWEEP_MS).unref();
    } catch (err) {
      this.storage?.close();
      this.storage = null;
      this.lock.release();
      throw err;
    }
    this.mode = 'writer';
    this.legacySnapshot = false;
    this.loadedVersions.clear();
    return true;
  }

  /** The store holds the rule's settled documents compact, their bodies read from the data file when needed. */
  private holdCompact(storage: SqliteFile, store: Store, rule: CompactRule): void {
    store.holdCompact({ keep: rule.keep, omit: rule.omit, read: (key) => {
      const body = storage.body(store.name, key);
      return body === undefined ? undefined : decodeRow({ collection: store.name, id: key, body });
    } });
  }

  /**
   * Before loading: the rows each rule makes cold are marked so, in one statement over the rows
   * not yet cold, and the partial indexes the cold reads use match the declared ones.
   */
  private sweepAtStart(storage: SqliteFile): void {
    const declared = new Map(storage.collections().map((c) => [c.name, c.indexes]));
    const cutoff = coldCutoff(this.coldDays);
    storage.exec('BEGIN IMMEDIATE');
    try {
      for (const rule of COLD_RULES) {
        ColdRows.ensureIndexes(storage, rule.collection, declared.get(rule.collection) ?? []);
        ColdRows.sweep(storage, rule, cutoff);
      }
      storage.exec('COMMIT');
    } catch (err) {
      storage.exec('ROLLBACK');
      throw err;
    }
  }

  /**
   * While the writer runs: the documents in memory that have become cold are marked so on disk,
   * then dropped from memory, unless a write replaced them meanwhile (that write makes the row
   * hot again on disk). Answers how many were dropped.
   */
  async sweepCold(now = new Date()): Promise<number> {
    if (this.mode !== 'writer' || this.closed) return 0;
    const cutoff = coldCutoff(this.coldDays, now);
    let dropped = 0;
    for (const rule of COLD_RULES) {
      const store = this.stores.get(rule.collection);
      if (!store) continue;
      const cold = [...store.docs.values()].filter((doc) => rule.test(doc, cutoff));
      if (!cold.length) continue;
      store.cold ??= new ColdRows(this.storage!, store);
      store.cold.followIndexes();
      for (const doc of cold) this.steps.push({ store, cold: doc });
      try {
        await this.flushSoon();
      } catch {
        continue; // flush() has reported it; they stay in memory
      }
      store.cold.present = true;
      const still = cold.filter((doc) => store.docs.get(valueKey(doc._id)) === doc);
      store.evict(still);
      dropped += still.length;
    }
    // What has settled since the start (or since the last sweep) is held compact once its last
    // write is on disk: the flush below saves every write made before it.
    for (const rule of this.compact ? COMPACT_RULES : []) {
      const store = this.stores.get(rule.collection);
      if (!store) continue;
      const settled = [...store.docs.values()].filter((doc) => !store.isCompact(doc) && rule.settled(doc, now));
      if (!settled.length) continue;
      this.holdCompact(this.storage!, store, rule);
      try {
        await this.flushSoon();
      } catch {
        continue;
      }
      store.compact(settled);
    }
    return dropped;
  }

  /** Read-only: follows bistro.db if there is one, else reads bistro.json as it is, else starts empty. */
  private openReader(): void {
    this.mode = 'reader';
    if (fs.existsSync(this.file)) this.storage = SqliteFile.open(this.file, { readOnly: true });
    if (this.storage) return;
    const legacy = readLegacyFile(this.dataDir);
    if (legacy) {
      this.legacySnapshot = true;
      for (const { name, indexes, documents } of legacy) {
        const store = new Store(name);
        for (const doc of documents) store.load(valueKey(doc._id), doc);
        for (const spec of indexes) store.addIndex(spec);
        this.stores.set(name, store);
      }
    } else if (this.buildPhase) {
      this.mode = 'memory'; // nothing to read: a build works on the seed in memory and saves nothing
    }
  }

  private loadCollection(storage: SqliteFile, name: string): Store {
    return storage.read(() => {
      const stored = storage.collections().find((c) => c.name === name);
      const store = new Store(name);
      for (const row of storage.rows(name)) store.load(row.id, decodeRow(row));
      for (const spec of stored?.indexes ?? []) store.addIndex(spec);
      this.loadedVersions.set(name, stored?.version ?? 0);
      return store;
    });
  }

  // ---- what the collections use ----
  /** A reader catches up with the writer: collections it changed are read again when next used. */
  refresh(): void {
    if (this.closed) throw new Error(`${this.file} was closed`);
    if (this.mode !== 'reader' || this.legacySnapshot) return;
    if (!this.storage) {
      if (!fs.existsSync(this.file)) return;
      this.storage = SqliteFile.open(this.file, { readOnly: true });
      if (!this.storage) return;
    }
    const version = this.storage.dataVersion();
    if (version === this.seenDataVersion) return;
    this.seenDataVersion = version;
    const current = new Map(this.storage.read(() => this.storage!.collections()).map((c) => [c.name, c.version]));
    for (const [name, loaded] of this.loadedVersions) {
      if ((current.get(name) ?? 0) === loaded) continue;
      this.stores.delete(name);
      this.loadedVersions.delete(name);
    }
  }

  /** Throws unless this process may write; takes the lock over if its holder has exited since. */
  assertWritable(): void {
    if (this.closed) throw new Error(`${this.file} was closed`);
    if (this.mode !== 'reader') return;
    if (!this.buildPhase && this.tryBecomeWriter()) return;
    const who = this.buildPhase ? 'it was opened during `next build`' : `process ${this.lockedBy ?? '(unknown)'} holds ${this.lock.path}`;
    throw new Error(`The embedded database ${this.file} is read-only here: ${who}. Stop that process first.`);
  }

  store(name: string): Store | undefined {
    let store = this.stores.get(name);
    if (!store && this.mode === 'reader' && this.storage) this.stores.set(name, (store = this.loadCollection(this.storage, name)));
    return store;
  }

  *documents(name: string, whole = true): Iterable<Document> {
    const store = this.store(name);
    if (store) for (const doc of store.docs.values()) yield whole ? store.content(doc) : doc;
  }

  /** Applies one operation in memory now; resolves once it is on disk, with the rest of this tick's writes. */
  write(name: string, changes: Change[]): Promise<void> {
    const store = this.storeToWrite(name);
    store.apply(changes);
    for (const change of changes) this.steps.push({ store, change });
    return this.flushSoon();
  }

  addIndex(name: string, spec: IndexSpec): Promise<void> {
    const store = this.storeToWrite(name);
    store.addIndex(spec);
    this.steps.push({ store, index: spec });
    // Its partial index over the cold rows is made once the index is on disk, not at the next start;
    // without it (it could not be made now) cold reads by it read every cold row until then.
    return this.flushSoon().then(() => {
      try {
        store.cold?.followIndexes();
      } catch (err) {
        console.error(`[db] the index ${spec.name} of ${name} is not yet read from disk by index: ${(err as Error).message}`);
      }
    });
  }

  dropIndex(name: string, index: string): Promise<void> {
    const store = this.storeToWrite(name);
    const spec = store.index(index)!;
    store.dropIndex(index);
    this.steps.push({ store, dropped: spec });
    return this.flushSoon();
  }

  private storeToWrite(name: string): Store {
    let store = this.stores.get(name);
    if (store) return store;
    this.stores.set(name, (store = new Store(name)));
    if (this.mode === 'writer') store.startOrderAt(this.storage!.lastSeq() + 1);
    return store;
  }

  private flushSoon(): Promise<void> {
    if (this.mode === 'memory') {
      this.steps = [];
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.scheduleFlush();
    });
  }

  /** After this tick's writes, unless a batch is being saved: the next one goes when it is done. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.waiters.length) this.scheduleFlush();
      });
    });
  }

  /**
   * Saves the steps gathered so far as one transaction. If that fails (a full disk), they are
   * undone in memory, and so are the steps gathered behind them, and all their callers get the
   * error: what the app sees is always what is on disk.
   */
  private async flush(): Promise<void> {
    const { steps, waiters } = this;
    this.steps = [];
    this.waiters = [];
    const started = performance.now();
    let onLoop = 0;
    try {
      if (!this.writer) throw new Error(`${this.file} was closed`);
      const touched = new Map<string, IndexSpec[]>();
      for (const { store } of steps) touched.set(store.name, store.indexes);
      const saving = this.writer.commit(steps.flatMap((step) => (
        'change' in step ? [{ collection: step.store.name, ...step.change }] : 'cold' in step ? [{ collection: step.store.name, cold: step.cold }] : []
      )), touched);
      onLoop = performance.now() - started;
      await saving;
    } catch (err) {
      const undo = [...steps, ...this.steps].reverse();
      const callers = [...waiters, ...this.waiters];
      this.steps = [];
      this.waiters = [];
      for (const step of undo) {
        if ('change' in step) step.store.apply([{ before: step.change.after, after: step.change.before }]);
        else if ('index' in step) step.store.dropIndex(step.index.name);
        else if ('dropped' in step) step.store.addIndex(step.dropped);
      }
      const error = saveError(this.file, err);
      console.error(`[db] ${error.message}`);
      for (const { reject } of callers) reject(error);
      return;
    }
    // Deletions of cold documents are on disk now: the disk no longer shows them.
    for (const step of steps) if ('change' in step && step.change.before && !step.change.after) step.store.tombstones.delete(valueKey(step.change.before._id));
    const took = performance.now() - started;
    if (took > LOG_SAVES_OVER_MS) console.log(`[db] saved ${steps.length} writes in ${took.toFixed(1)} ms (${onLoop.toFixed(1)} ms of it on the event loop)`);
    for (const { resolve } of waiters) resolve();
  }
}
