/**
 * The embedded database: MongoDB's query language (via mingo) over documents held
 * in memory and saved to ONE EJSON file, `<DATA_DIR>/bistro.json`.
 *
 * It exists so the app runs with no database server at all; production points
 * MONGODB_URI at a real MongoDB instead. It implements exactly `AppCollection`,
 * so both backends are interchangeable behind `getDb()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BSON, ObjectId, type Document } from 'mongodb';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import { update as applyUpdate } from 'mingo/updater';
import type { Collections } from './documents.ts';
import { FileLock } from './file-lock.ts';
import { MINGO_OPTIONS } from './mingo-options.ts';
import type {
  AppCollection, AppDb, AppFindCursor, AppUpdate, DeleteResult, Filter, FindOneOptions, FindOptions,
  IndexOptions, InsertManyResult, InsertOneResult, OptionalUnlessRequiredId, Projection, SortSpec, UpdateResult, WithId,
} from './types.ts';

const { EJSON } = BSON; // `import { EJSON } from 'mongodb'` is invisible to plain Node's ESM named-export detection

export const DATA_FILE = 'bistro.json';
export const LOCK_FILE = 'bistro.lock';
const FORMAT_VERSION = 1;

/** DATA_DIR, relative to the working directory, `.data/` by default. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  // The data lives outside the build's trace: tell Turbopack not to follow it.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.DATA_DIR || '.data');
}

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet']);

// ---- helpers -------------------------------------------------------------------
/** Deep copy that keeps BSON values: structuredClone would turn an ObjectId into a plain object. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value; // ObjectId, Decimal128...: immutable
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = clone(v);
    return out as T;
  }
  return value;
}

function getPath(doc: Document, dotted: string): unknown {
  let cur: unknown = doc;
  for (const part of dotted.split('.')) cur = cur && typeof cur === 'object' ? (cur as Document)[part] : undefined;
  return cur;
}

/** An error the app can handle exactly like the driver's (`code === 11000`, etc.). */
export class EmbeddedServerError extends Error {
  readonly code: number;
  constructor(message: string, code: number, extra: Document = {}) {
    super(message);
    this.code = code;
    this.name = 'MongoServerError';
    Object.assign(this, extra);
  }
}

/** Applies update operators to `doc` in place; returns the changed paths. */
function applyOperators(doc: Document, update: Document): string[] {
  let paths: string[];
  try {
    paths = applyUpdate(doc, clone(update), undefined, undefined, { cloneMode: 'deep', queryOptions: MINGO_OPTIONS });
  } catch (err) {
    if (!/immutable field '_id'/.test(String(err))) throw err;
    paths = ['_id'];
  }
  if (paths.some((p) => p === '_id' || p.startsWith('_id.'))) {
    throw new EmbeddedServerError("Performing an update on the path '_id' would modify the immutable field '_id'", 66);
  }
  return paths;
}

/** The data directory cannot be used: the app answers 503 and says why, once, at start. */
export class DataDirError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

function notWritable(dir: string, cause: unknown): Error {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new DataDirError(
    `DATA_DIR "${dir}" is not writable (${why}). Set DATA_DIR to a writable directory, or set MONGODB_URI to use MongoDB.`,
    { cause },
  );
}

// ---- storage -------------------------------------------------------------------
// `expireAfterSeconds` is kept, not enforced: MongoDB's TTL monitor deletes in its own time too.
interface IndexSpec { name: string; key: Record<string, 1 | -1>; unique: boolean; sparse?: boolean; expireAfterSeconds?: number }
interface Index extends IndexSpec { entries: Map<string, Document> } // filled for unique indexes only

class Store {
  docs: Document[] = [];
  // `_id_` is implicit, like in MongoDB; a Map per unique index keeps inserts O(1).
  indexes = new Map<string, Index>([['_id_', { name: '_id_', key: { _id: 1 }, unique: true, entries: new Map() }]]);
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }

  /** Null when a sparse index leaves the document out: it has none of the indexed fields. */
  static keyOf(index: IndexSpec, doc: Document): string | null {
    const values = Object.keys(index.key).map((f) => getPath(doc, f));
    if (index.sparse && values.every((v) => v === undefined)) return null;
    // Canonical EJSON tells 1 from "1" and ObjectIds from their hex strings; missing counts as null, as in MongoDB.
    return EJSON.stringify(values.map((v) => v ?? null), { relaxed: false });
  }

  /** Applies inserts (before absent), replacements and deletions (after absent) all or nothing. */
  apply(changes: Array<{ before?: Document; after?: Document }>): void {
    const added: Array<[Index, string]> = [];
    const removed: Array<[Index, string, Document]> = [];
    for (const index of this.indexes.values()) {
      if (!index.unique) continue;
      for (const { before } of changes) {
        if (!before) continue;
        const key = Store.keyOf(index, before);
        if (key === null || index.entries.get(key) !== before) continue;
        index.entries.delete(key);
        removed.push([index, key, before]);
      }
      for (const { after } of changes) {
        if (!after) continue;
        const key = Store.keyOf(index, after);
        if (key === null) continue;
        if (index.entries.has(key)) {
          for (const [i, k] of added) i.entries.delete(k);
          for (const [i, k, d] of removed) i.entries.set(k, d);
          const keyValue = Object.fromEntries(Object.keys(index.key).map((f) => [f, getPath(after, f) ?? null]));
          throw new EmbeddedServerError(
            `E11000 duplicate key error collection: ${this.name} index: ${index.name} dup key: ${EJSON.stringify(keyValue)}`,
            11000, { keyPattern: index.key, keyValue },
          );
        }
        index.entries.set(key, after);
        added.push([index, key]);
      }
    }
    const replaced = new Map(changes.filter((c) => c.before).map((c) => [c.before!, c.after]));
    if (replaced.size) this.docs = this.docs.flatMap((d) => (replaced.has(d) ? (replaced.get(d) ?? []) : [d]));
    for (const { before, after } of changes) if (!before && after) this.docs.push(after);
  }

  addIndex(spec: IndexSpec): void {
    const index: Index = { ...spec, entries: new Map() };
    if (spec.unique) {
      for (const doc of this.docs) {
        const key = Store.keyOf(index, doc);
        if (key === null) continue;
        if (index.entries.has(key)) {
          throw new EmbeddedServerError(`E11000 duplicate key error collection: ${this.name} index: ${spec.name} dup key: ${key}`, 11000, { keyPattern: spec.key });
        }
        index.entries.set(key, doc);
      }
    }
    this.indexes.set(spec.name, index);
  }
}

type Mode = 'writer' | 'readonly' | 'memory';

export interface EmbeddedOptions {
  /** Defaults to resolveDataDir(). */
  dataDir?: string;
  /** `next build`: never lock, never write; if there is no file yet, writes stay in memory. */
  buildPhase?: boolean;
}

export class EmbeddedDb implements AppDb {
  readonly dataDir: string;
  readonly file: string;
  private readonly lock: FileLock;
  private readonly buildPhase: boolean;
  private mode: Mode = 'readonly';
  private stores = new Map<string, Store>();
  private stamp = '';
  private nextFlush: Promise<void> | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(dataDir: string, buildPhase: boolean) {
    this.dataDir = dataDir;
    this.file = path.join(dataDir, DATA_FILE);
    this.lock = new FileLock(path.join(dataDir, LOCK_FILE));
    this.buildPhase = buildPhase;
  }

  static open(options: EmbeddedOptions = {}): EmbeddedDb {
    const db = new EmbeddedDb(path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? resolveDataDir()), options.buildPhase ?? false);
    if (db.buildPhase) {
      db.mode = fs.existsSync(db.file) ? 'readonly' : 'memory';
    } else {
      if (db.lock.heldHere) throw new Error(`${db.file} is already open in this process; reuse that handle or close it first`);
      db.tryLock();
    }
    db.load();
    return db;
  }

  get writable(): boolean {
    return this.mode !== 'readonly';
  }

  /** While read-only: the pid of the process that holds the lock. */
  get lockedBy(): number | null {
    return this.mode === 'readonly' && !this.buildPhase ? this.lock.holder() : null;
  }

  collection<K extends keyof Collections>(name: K): AppCollection<Collections[K]> {
    return new EmbeddedCollection<Collections[K]>(this, name);
  }

  /** Waits for pending writes, then releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    await (this.nextFlush ?? this.inFlight).catch(() => {});
    this.closed = true;
    if (this.mode === 'writer') this.lock.release();
  }

  /** Becomes the writer if no other live process is; the first call also proves DATA_DIR writable. */
  private tryLock(): boolean {
    try {
      fs.mkdirSync(this.dataDir, { recursive: true });
      if (!this.lock.tryAcquire()) return false;
    } catch (err) {
      throw notWritable(this.dataDir, err);
    }
    this.mode = 'writer';
    // A crash between write and rename leaves a temp file behind: it was never the data, drop it.
    for (const name of fs.readdirSync(this.dataDir)) {
      if (name.startsWith(`${DATA_FILE}.`) && name.endsWith('.tmp')) fs.rmSync(path.join(this.dataDir, name), { force: true });
    }
    return true;
  }

  // ---- loading and saving ----
  private load(): void {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      this.stores = new Map();
      this.stamp = 'missing';
      return;
    }
    let parsed: { version?: number; collections?: Record<string, { indexes?: IndexSpec[]; documents?: Document[] }> };
    try {
      // Relaxed on read: canonical parsing yields Int32/Double objects that no query matches.
      parsed = EJSON.parse(text, { relaxed: true });
    } catch (err) {
      throw new Error(`${this.file} is not valid EJSON (${(err as Error).message}); restore it from a backup or move it away`);
    }
    if ((parsed.version ?? 1) > FORMAT_VERSION) throw new Error(`${this.file} was written by a newer version of the app (format ${parsed.version})`);
    const stores = new Map<string, Store>();
    for (const [name, saved] of Object.entries(parsed.collections ?? {})) {
      const store = new Store(name);
      store.apply((saved.documents ?? []).map((after) => ({ after })));
      for (const spec of saved.indexes ?? []) store.addIndex(spec);
      stores.set(name, store);
    }
    this.stores = stores;
    this.stamp = this.fileStamp();
  }

  private fileStamp(): string {
    try {
      const st = fs.statSync(this.file);
      return `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  /** A read-only process follows the writer's saves (each one is a rename, so a new inode). */
  refresh(): void {
    if (this.closed) throw new Error(`${this.file} was closed`);
    if (this.mode === 'readonly' && this.fileStamp() !== this.stamp) this.load();
  }

  /** Throws unless this process may write; takes over the lock if its holder has exited since. */
  assertWritable(): void {
    if (this.closed) throw new Error(`${this.file} was closed`);
    if (this.mode !== 'readonly') return;
    if (!this.buildPhase && this.tryLock()) {
      this.load(); // continue from what the previous owner saved last
      return;
    }
    const who = this.buildPhase ? 'it was opened during `next build`' : `process ${this.lockedBy} holds ${this.lock.path}`;
    throw new Error(`The embedded database ${this.file} is read-only here: ${who}. Stop that process first.`);
  }

  store(name: string, create = false): Store | undefined {
    let store = this.stores.get(name);
    if (!store && create) this.stores.set(name, (store = new Store(name)));
    return store;
  }

  docsOf = (name: string): Document[] => this.stores.get(name)?.docs ?? [];

  /**
   * Resolves once every change made so far is on disk. Changes made while a write is
   * running share the next write, so 50 concurrent inserts cost a couple of writes, not 50.
   * If a save fails its callers get the error, but memory keeps their changes and the next
   * save retries them: undoing one batch could not be done without undoing later ones too.
   */
  persist(): Promise<void> {
    if (this.mode === 'memory') return Promise.resolve();
    this.nextFlush ??= (async () => {
      await this.inFlight;
      await new Promise((resolve) => setImmediate(resolve)); // let this tick's callers join
      this.nextFlush = null; // from here on, new changes belong to the next write
      const write = this.writeFile(this.serialize());
      this.inFlight = write.catch(() => {});
      await write;
    })();
    return this.nextFlush;
  }

  private serialize(): string {
    const collections: Record<string, unknown> = {};
    for (const [name, store] of this.stores) {
      const indexes = [...store.indexes.values()].filter((i) => i.name !== '_id_').map(({ name: n, key, unique, sparse, expireAfterSeconds }) => ({ name: n, key, unique, sparse, expireAfterSeconds }));
      collections[name] = { indexes, documents: store.docs };
    }
    // Canonical on write so doubles stay doubles and longs stay longs for other EJSON readers.
    return EJSON.stringify({ version: FORMAT_VERSION, collections }, { relaxed: false });
  }

  private async writeFile(text: string): Promise<void> {
    // If another process stole a stale-looking lock from us, stop rather than overwrite its data.
    if (!this.lock.verify()) {
      this.mode = 'readonly';
      throw new Error(`Lost the lock ${this.lock.path} to process ${this.lock.holder()}; not saving`);
    }
    // Write aside, fsync, rename: a crash leaves either the old file or the new one, never half of one.
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      const handle = await fs.promises.open(tmp, 'w');
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, this.file);
      const dir = await fs.promises.open(this.dataDir, 'r').catch(() => null); // makes the rename durable (not on Windows)
      await dir?.sync().catch(() => {});
      await dir?.close();
    } catch (err) {
      throw new Error(`Could not save ${this.file}: ${(err as Error).message}`, { cause: err });
    }
  }
}

// ---- collections and cursors -----------------------------------------------------
/** Chaining only records options; the query runs in toArray(). */
function cursor<T>(run: (o: FindOptions) => T[], opts: FindOptions): AppFindCursor<T> {
  return {
    sort: (sort: SortSpec) => cursor(run, { ...opts, sort }),
    skip: (skip: number) => cursor(run, { ...opts, skip }),
    limit: (limit: number) => cursor(run, { ...opts, limit }),
    project: <R extends Document = Document>(projection: Projection) => cursor(run as unknown as (o: FindOptions) => R[], { ...opts, projection }),
    toArray: async () => run(opts),
  };
}

class EmbeddedCollection<T extends Document> implements AppCollection<T> {
  private readonly db: EmbeddedDb;
  private readonly name: string;
  constructor(db: EmbeddedDb, name: string) {
    this.db = db;
    this.name = name;
  }

  private read(filter: Filter<T> | undefined, opts: FindOptions = {}): Document[] {
    this.db.refresh();
    // Copies in, not out: mingo's projection and pipeline stages write into nested input objects.
    const cursor = new Query({}, MINGO_OPTIONS).find<Document>(this.match(filter, true).map(clone), opts.projection ?? {});
    // Order is sort, skip, limit whatever the caller chained, as in MongoDB; limit 0 means none.
    if (opts.sort) cursor.sort(opts.sort);
    if (opts.skip) cursor.skip(opts.skip);
    if (opts.limit) cursor.limit(Math.abs(opts.limit));
    return cursor.all();
  }

  find(filter?: Filter<T>, options: FindOptions = {}): AppFindCursor<WithId<T>> {
    return cursor((o) => this.read(filter, o) as WithId<T>[], options);
  }

  async findOne(filter?: Filter<T>, options: FindOneOptions = {}): Promise<WithId<T> | null> {
    return (this.read(filter, { ...options, limit: 1 })[0] as WithId<T> | undefined) ?? null;
  }

  async countDocuments(filter?: Filter<T>): Promise<number> {
    this.db.refresh();
    return this.match(filter, true).length;
  }

  /** The stored documents themselves: callers must copy before handing anything out. */
  private match(filter: Filter<T> | undefined, many: boolean): Document[] {
    const query = new Query(clone(filter ?? {}) as Document, MINGO_OPTIONS);
    const docs = this.db.docsOf(this.name);
    if (many) return docs.filter((d) => query.test(d));
    const first = docs.find((d) => query.test(d));
    return first ? [first] : [];
  }

  aggregate<R extends Document = Document>(pipeline: Document[]) {
    return {
      toArray: async (): Promise<R[]> => {
        if (pipeline.some((stage) => '$out' in stage || '$merge' in stage)) throw new Error('$out and $merge are not supported');
        this.db.refresh();
        const copies = (name: string) => this.db.docsOf(name).map(clone); // stages write into nested inputs
        const aggregator = new Aggregator(clone(pipeline), { ...MINGO_OPTIONS, collectionResolver: copies });
        return aggregator.run<R>(copies(this.name));
      },
    };
  }

  async insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>> {
    const [insertedId] = await this.insert([doc as Document]);
    return { acknowledged: true, insertedId } as InsertOneResult<T>;
  }

  async insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>> {
    const ids = await this.insert(docs as unknown as Document[]);
    return { acknowledged: true, insertedCount: ids.length, insertedIds: { ...ids } } as InsertManyResult<T>;
  }

  /** All or nothing (the driver's ordered insert keeps the documents before a failure). */
  private async insert(docs: Document[]): Promise<unknown[]> {
    if (!docs.length) throw new Error('Invalid BulkOperation, Batch cannot be empty');
    this.db.assertWritable();
    const stored = docs.map((doc) => {
      doc._id ??= new ObjectId(); // the driver, too, writes the new _id into the caller's object
      return clone(doc);
    });
    this.db.store(this.name, true)!.apply(stored.map((after) => ({ after })));
    await this.db.persist();
    return stored.map((d) => d._id);
  }

  updateOne(filter: Filter<T>, update: AppUpdate<T>) { return this.update(filter, update, false); }
  updateMany(filter: Filter<T>, update: AppUpdate<T>) { return this.update(filter, update, true); }

  private async update(filter: Filter<T>, update: AppUpdate<T>, many: boolean): Promise<UpdateResult<T>> {
    const bad = Object.keys(update).find((op) => !UPDATE_OPERATORS.has(op));
    if (bad || !Object.keys(update).length) throw new Error(`Unsupported update operator ${bad ?? '(none)'}; use ${[...UPDATE_OPERATORS].join(', ')}`);
    this.db.assertWritable();
    const matched = this.match(filter, many);
    const changes: Array<{ before: Document; after: Document }> = [];
    for (const before of matched) {
      const after = clone(before);
      if (applyOperators(after, update).length) changes.push({ before, after });
    }
    if (changes.length) {
      this.db.store(this.name)!.apply(changes);
      await this.db.persist();
    }
    return { acknowledged: true, matchedCount: matched.length, modifiedCount: changes.length, upsertedCount: 0, upsertedId: null };
  }

  deleteOne(filter: Filter<T>) { return this.delete(filter, false); }
  deleteMany(filter: Filter<T>) { return this.delete(filter, true); }

  private async delete(filter: Filter<T>, many: boolean): Promise<DeleteResult> {
    this.db.assertWritable();
    const matched = this.match(filter, many);
    if (matched.length) {
      this.db.store(this.name)!.apply(matched.map((before) => ({ before })));
      await this.db.persist();
    }
    return { acknowledged: true, deletedCount: matched.length };
  }

  async createIndex(key: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const name = options.name ?? Object.entries(key).map(([f, dir]) => `${f}_${dir}`).join('_');
    const spec: IndexSpec = { name, key, unique: options.unique ?? false, sparse: options.sparse, expireAfterSeconds: options.expireAfterSeconds };
    this.db.refresh();
    const existing = this.db.store(this.name)?.indexes.get(name);
    if (existing) {
      // Same spec again is a no-op (even read-only), as in MongoDB; a different one is an error.
      const same = (a: IndexSpec) => JSON.stringify([a.key, a.unique, a.sparse ?? false, a.expireAfterSeconds ?? null]);
      if (same(existing) === same(spec)) return name;
      throw new EmbeddedServerError(`An existing index has the same name (${name}) but different options`, 86);
    }
    this.db.assertWritable();
    this.db.store(this.name, true)!.addIndex(spec);
    await this.db.persist();
    return name;
  }
}
