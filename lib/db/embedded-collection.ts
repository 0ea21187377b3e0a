/** The embedded engine's collection API: the driver's methods the app uses, over the engine's stores. */
import { ObjectId, type Document } from 'mongodb';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import { MINGO_OPTIONS, QUERY_OPTIONS } from './mingo-options.ts';
import { sortDocuments } from './query-index.ts';
import {
  applyOperators, checkUpdate, clone, copyOut, EmbeddedServerError, readStats, upsertDocument, valueKey, type Change, type IndexSpec, type Store,
} from './store.ts';
import type {
  AppCollection, AppFindCursor, AppUpdate, DeleteResult, Filter, FindOneAndUpdateOptions, FindOneOptions, FindOptions,
  IndexOptions, InsertManyResult, InsertOneResult, OptionalUnlessRequiredId, Projection, SortSpec, UpdateOptions, UpdateResult, WithId,
} from './types.ts';

/** What a collection needs from the engine (lib/db/embedded.ts). */
export interface Engine {
  /** Catches up with another process's writes (read-only). */
  refresh(): void;
  /** Throws unless this process may write. */
  assertWritable(): void;
  store(name: string): Store | undefined;
  /** A collection's documents in memory, those held compact as they are held unless `whole`. */
  documents(name: string, whole?: boolean): Iterable<Document>;
  /** Applies the changes in memory at once; resolves when they are on disk. */
  write(name: string, changes: Change[]): Promise<void>;
  addIndex(name: string, spec: IndexSpec): Promise<void>;
  dropIndex(name: string, index: string): Promise<void>;
}

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$setOnInsert']);

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

const isPlainId = (id: unknown) => id instanceof ObjectId || typeof id === 'string' || typeof id === 'number';

/**
 * An `_id` given as a plain value, or as `{ $in: [...] }` of plain values, names at most those
 * documents: found by key, not by a scan (in the list's order: without a sort MongoDB promises none).
 */
function plainIds(filter: Document | undefined): unknown[] | undefined {
  const id = filter?._id;
  if (isPlainId(id)) return [id];
  const list = id !== null && typeof id === 'object' && Object.keys(id).length === 1 ? (id as { $in?: unknown }).$in : undefined;
  return Array.isArray(list) && list.every(isPlainId) ? list : undefined;
}

/** The fields a filter reads, through `$and`, `$or` and `$nor`; undefined when it reads more (`$expr`, `$where`...). */
function filterFields(filter: Document): string[] | undefined {
  const fields: string[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(condition)) return undefined;
      for (const part of condition) {
        const inner = part !== null && typeof part === 'object' ? filterFields(part as Document) : undefined;
        if (!inner) return undefined;
        fields.push(...inner);
      }
    } else if (key.startsWith('$')) {
      return undefined;
    } else {
      fields.push(key);
    }
  }
  return fields;
}

/** The documents in the sort's order, as mingo sorts them (by mingo only where the values need it). */
const sorted = (docs: Document[], sort: SortSpec) => sortDocuments(docs, sort) ?? new Query({}, QUERY_OPTIONS).find<Document>(docs).sort(sort).all();

/** Top-level fields only, each 0 or 1: such a projection is applied before copying, so only what is kept is copied. */
function isSimpleProjection(projection: Projection): boolean {
  const entries = Object.entries(projection);
  if (!entries.every(([field, v]) => !field.includes('.') && !field.startsWith('$') && [0, 1, true, false].includes(v))) return false;
  const included = entries.filter(([field]) => field !== '_id').map(([, v]) => Boolean(v));
  return included.every((v) => v === included[0]);
}

/** A copy of a stored document as the caller asked for it. */
function project(doc: Document, projection: Projection | undefined): Document {
  if (!projection || !Object.keys(projection).length) return copyOut(doc);
  if (!isSimpleProjection(projection)) return new Query({}, QUERY_OPTIONS).find<Document>([copyOut(doc)], projection).all()[0]!;
  const { _id: keepId = 1, ...fields } = projection;
  // `{ _id: 1 }` alone includes only the id; `{ _id: 0 }` alone excludes only it.
  const inclusive = Object.keys(fields).length ? Object.values(fields).some(Boolean) : Boolean(keepId);
  const kept: Document = {};
  for (const [field, value] of Object.entries(doc)) {
    const keep = field === '_id' ? Boolean(keepId) : inclusive ? Boolean(fields[field]) : !(field in fields);
    if (keep) kept[field] = value;
  }
  return copyOut(kept);
}

export class EmbeddedCollection<T extends Document> implements AppCollection<T> {
  private readonly db: Engine;
  private readonly name: string;
  constructor(db: Engine, name: string) {
    this.db = db;
    this.name = name;
  }

  private read(filter: Filter<T> | undefined, opts: FindOptions = {}): Document[] {
    this.db.refresh();
    // Order is sort, skip, limit whatever the caller chained, as in MongoDB; limit 0 means none.
    const skip = opts.skip ?? 0;
    const limit = opts.limit ? Math.abs(opts.limit) : undefined;
    const whole = this.needsWhole(filter, opts.sort, opts.projection ?? {});
    // When what the compact documents keep answers the filter and the sort, they are tested and
    // sorted as held, and only those returned are read whole: a page in `_id` order through the
    // old orders on disk (an export) reads none of the recent ones it leaves out.
    const late = whole && !this.needsWhole(filter, opts.sort, { _id: 1 });
    let docs = this.match(filter, { sort: opts.sort, need: limit === undefined ? undefined : skip + limit, whole: whole && !late });
    if (opts.sort) docs = sorted(docs, opts.sort);
    if (skip || limit) docs = docs.slice(skip, limit === undefined ? undefined : skip + limit);
    if (late) {
      const store = this.db.store(this.name)!;
      docs = docs.map((doc) => store.content(doc));
    }
    // Only what is returned is copied.
    return docs.map((doc) => project(doc, opts.projection));
  }

  find(filter?: Filter<T>, options: FindOptions = {}): AppFindCursor<WithId<T>> {
    return cursor((o) => this.read(filter, o) as WithId<T>[], options);
  }

  async findOne(filter?: Filter<T>, options: FindOneOptions = {}): Promise<WithId<T> | null> {
    return (this.read(filter, { ...options, limit: 1 })[0] as WithId<T> | undefined) ?? null;
  }

  async countDocuments(filter?: Filter<T>): Promise<number> {
    this.db.refresh();
    return this.match(filter, { whole: this.needsWhole(filter, undefined, { _id: 1 }) }).length;
  }

  /**
   * Whether a read must test and return the bodies of the documents held compact (lib/db/store.ts),
   * or what they keep answers it: the fields the filter and the sort name, and those the
   * projection returns (none but `_id` for a count). An empty projection returns everything.
   */
  private needsWhole(filter: Filter<T> | undefined, sort: SortSpec | undefined, projection: Projection): boolean {
    const store = this.db.store(this.name);
    if (!store) return false;
    const fields = filterFields((filter ?? {}) as Document);
    if (!fields || !isSimpleProjection(projection)) return true;
    fields.push(...Object.keys(sort ?? {}));
    const { _id: _, ...rest } = projection;
    const entries = Object.entries(rest);
    if (!entries.length && '_id' in projection && projection._id) return !store.answersCompact(fields);
    if (!entries.length) return !store.answersCompact(fields, { excluding: [] });
    if (entries.some(([, v]) => v)) return !store.answersCompact([...fields, ...entries.map(([field]) => field)], 'fields');
    return !store.answersCompact(fields, { excluding: entries.map(([field]) => field) });
  }

  /**
   * The stored documents themselves, in insertion order: callers must copy before handing
   * anything out. With `need`, the first `need` that match, or with a sort, a set that holds the
   * first `need` in that order (the caller sorts it). Those in memory and those on disk only
   * (lib/db/cold.ts) are read the same way, and merged in insertion order.
   */
  private match(filter: Filter<T> | undefined, { sort, need, whole = true }: { sort?: SortSpec; need?: number; whole?: boolean } = {}): Document[] {
    const store = this.db.store(this.name);
    const hot = this.matchInMemory(filter, { sort, need, whole });
    if (!store?.cold?.present) return hot;
    const query = new Query(clone(filter ?? {}) as Document, QUERY_OPTIONS);
    const ids = plainIds(filter as Document | undefined);
    let cold: Document[];
    if (ids) {
      const { _id, ...rest } = filter as Document;
      const restQuery = new Query(clone(rest), QUERY_OPTIONS);
      cold = store.cold.byKeys([...new Set(ids.map(valueKey))]).filter((doc) => {
        readStats.examined++;
        return restQuery.test(doc);
      });
    } else {
      // When memory already holds `need` matches, the cold read stops at the first row that sorts
      // after the last of them (the orders of the last days are mostly in memory, and newest first).
      const until = sort && need !== undefined && hot.length >= need ? sorted(hot, sort)[need - 1] : undefined;
      cold = store.cold.select((filter ?? {}) as Document, (doc) => query.test(doc), { sort, need, until });
    }
    if (!cold.length) return hot;
    const merged = [...hot, ...cold].sort((a, b) => store.seqOf(a) - store.seqOf(b));
    return !sort && need !== undefined ? merged.slice(0, need) : merged;
  }

  private matchInMemory(filter: Filter<T> | undefined, { sort, need, whole }: { sort?: SortSpec; need?: number; whole: boolean }): Document[] {
    const enough = (matched: Document[]) => !sort && need !== undefined && matched.length >= need;
    const ids = plainIds(filter as Document | undefined);
    if (ids) {
      // The key found the document: the rest of the filter is tested (a long `$in` per document would cost its square).
      const { _id, ...rest } = filter as Document;
      const query = new Query(clone(rest), QUERY_OPTIONS);
      const store = this.db.store(this.name);
      const matched: Document[] = [];
      for (const key of new Set(ids.map(valueKey))) {
        const stored = store?.docs.get(key);
        if (!stored) continue;
        readStats.examined++;
        const doc = whole ? store!.content(stored) : stored;
        if (!query.test(doc)) continue;
        matched.push(doc);
        if (enough(matched)) break;
      }
      return matched;
    }
    const query = new Query(clone(filter ?? {}) as Document, QUERY_OPTIONS);
    const store = this.db.store(this.name);
    // A transaction id, a cart line's key, a uid: names at most one document, found by its index.
    const unique = filter ? store?.byUniqueKey(filter as Document) : undefined;
    if (unique !== undefined) {
      if (!unique) return [];
      readStats.examined++;
      const doc = whole ? store!.content(unique) : unique;
      return query.test(doc) ? [doc] : [];
    }
    const test = (doc: Document) => query.test(doc);
    const selected = store?.select((filter ?? {}) as Document, test, { sort, need, whole });
    if (selected) return selected;
    const matched: Document[] = [];
    for (const doc of this.db.documents(this.name, whole)) {
      readStats.examined++;
      if (!test(doc)) continue;
      matched.push(doc);
      if (enough(matched)) break;
    }
    return matched;
  }

  /**
   * A pipeline that starts with `$match` reads only the documents that match, found through an
   * index where one serves the filter (and with `$sort` then `$limit` after it, only those
   * that can make the cut); only they are copied into the pipeline, whose stages write into
   * their inputs.
   */
  aggregate<R extends Document = Document>(pipeline: Document[]) {
    return {
      toArray: async (): Promise<R[]> => {
        if (pipeline.some((stage) => '$out' in stage || '$merge' in stage)) throw new Error('$out and $merge are not supported');
        this.db.refresh();
        // Every document, those on disk only included (a pipeline without a first `$match`, a `$lookup`).
        const copies = (name: string) => {
          const store = this.db.store(name);
          const docs = [...this.db.documents(name)];
          const cold = store?.cold?.all() ?? [];
          if (cold.length) {
            docs.push(...cold);
            docs.sort((a, b) => store!.seqOf(a) - store!.seqOf(b));
          }
          return docs.map(copyOut);
        };
        const [first, ...rest] = pipeline;
        const filter = first?.$match as Filter<T> | undefined;
        if (!filter || typeof filter !== 'object') {
          return new Aggregator(clone(pipeline), { ...MINGO_OPTIONS, collectionResolver: copies }).run<R>(copies(this.name));
        }
        const [next, after] = rest;
        const sort = next?.$sort as SortSpec | undefined;
        const limit = sort && typeof after?.$limit === 'number' && after.$limit > 0 ? after.$limit : undefined;
        const matched = this.match(filter, { sort, need: limit });
        if (!rest.length) return matched.map(copyOut) as R[];
        return new Aggregator(clone(rest), { ...MINGO_OPTIONS, collectionResolver: copies }).run<R>(matched.map(copyOut));
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
    await this.db.write(this.name, stored.map((after) => ({ after })));
    return stored.map((d) => d._id);
  }

  async updateOne(filter: Filter<T>, update: AppUpdate<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> {
    return (await this.update(filter, update, { ...options, many: false })).result;
  }

  async updateMany(filter: Filter<T>, update: AppUpdate<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> {
    return (await this.update(filter, update, { ...options, many: true })).result;
  }

  async findOneAndUpdate(filter: Filter<T>, update: AppUpdate<T>, options: FindOneAndUpdateOptions = {}): Promise<WithId<T> | null> {
    const { first } = await this.update(filter, update, { upsert: options.upsert, sort: options.sort, many: false });
    const doc = options.returnDocument === 'after' ? first?.after : first?.before;
    return doc ? (project(doc, options.projection) as WithId<T>) : null;
  }

  /**
   * Matches, then updates what matched or inserts what the upsert makes, in one synchronous step:
   * no other write can come in between, so of racing upserts one inserts and the rest match it
   * (or, when their filter cannot match it, fail on the unique index as the insert would).
   */
  private async update(
    filter: Filter<T>,
    update: AppUpdate<T>,
    { many, upsert = false, sort }: { many: boolean; upsert?: boolean; sort?: SortSpec },
  ): Promise<{ result: UpdateResult<T>; first?: { before?: Document; after: Document } }> {
    const bad = Object.keys(update).find((op) => !UPDATE_OPERATORS.has(op));
    if (bad || !Object.keys(update).length) throw new Error(`Unsupported update operator ${bad ?? '(none)'}; use ${[...UPDATE_OPERATORS].join(', ')}`);
    this.db.assertWritable();
    const matched = sort ? this.firstBy(filter, sort) : this.match(filter, { need: many ? undefined : 1 });
    // Applying the update checks it; with nothing to apply it to, it is still checked.
    if (!matched.length && !upsert) checkUpdate(update);
    if (!matched.length && upsert) {
      const inserted = upsertDocument(filter as Document, update as Document);
      await this.db.write(this.name, [{ after: inserted }]);
      const result = { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
      return { result: result as UpdateResult<T>, first: { after: inserted } };
    }
    const changes: Array<{ before: Document; after: Document }> = [];
    const updated = matched.map((before) => {
      const after = clone(before);
      if (!applyOperators(after, update).length) return before;
      changes.push({ before, after });
      return after;
    });
    if (changes.length) await this.db.write(this.name, changes);
    const result = { acknowledged: true, matchedCount: matched.length, modifiedCount: changes.length, upsertedCount: 0, upsertedId: null };
    return { result, ...(matched.length ? { first: { before: matched[0], after: updated[0]! } } : {}) };
  }

  /** The stored document that comes first in `sort` among those matching, if any. */
  private firstBy(filter: Filter<T>, sort: SortSpec): Document[] {
    return new Query({}, QUERY_OPTIONS).find<Document>(this.match(filter, { sort, need: 1 })).sort(sort).limit(1).all();
  }

  deleteOne(filter: Filter<T>) { return this.delete(filter, false); }
  deleteMany(filter: Filter<T>) { return this.delete(filter, true); }

  private async delete(filter: Filter<T>, many: boolean): Promise<DeleteResult> {
    this.db.assertWritable();
    const matched = this.match(filter, { need: many ? undefined : 1 });
    if (matched.length) await this.db.write(this.name, matched.map((before) => ({ before })));
    return { acknowledged: true, deletedCount: matched.length };
  }

  async createIndex(key: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const name = options.name ?? Object.entries(key).map(([f, dir]) => `${f}_${dir}`).join('_');
    const spec: IndexSpec = { name, key, unique: options.unique ?? false, sparse: options.sparse ?? false };
    if (options.expireAfterSeconds !== undefined) spec.expireAfterSeconds = options.expireAfterSeconds;
    this.db.refresh();
    const existing = this.db.store(this.name)?.index(name);
    if (existing) {
      // Same spec again is a no-op (even read-only), as in MongoDB; a different one is an error.
      const options = (s: IndexSpec) => JSON.stringify([s.key, s.unique, s.sparse, s.expireAfterSeconds ?? null]);
      if (options(existing) === options(spec)) return name;
      throw new EmbeddedServerError(`An existing index has the same name (${name}) but different options`, 86);
    }
    this.db.assertWritable();
    await this.db.addIndex(this.name, spec);
    return name;
  }

  async dropIndex(name: string): Promise<void> {
    this.db.refresh();
    // MongoDB's errors: no such collection (26), no such index (27).
    const store = this.db.store(this.name);
    if (!store) throw new EmbeddedServerError(`ns not found ${this.name}`, 26, { codeName: 'NamespaceNotFound' });
    if (!store.index(name)) throw new EmbeddedServerError(`index not found with name [${name}]`, 27, { codeName: 'IndexNotFound' });
    this.db.assertWritable();
    await this.db.dropIndex(this.name, name);
  }
}
