/** A collection: the driver's methods the app uses, as SQL over the collection's table. */
import { BSON, ObjectId, type Document } from 'mongodb';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import type { SQLInputValue } from 'node:sqlite';
import { clone, crossesArray, decode, encode, getPath, idFrom, idValue } from './codec.ts';
import {
  arrayQuery, compileFilter, compileSort, dropKeysStatements, duplicateQuery, fieldsOf, indexStatements, keysStatements, keysTable, orderBy, quote,
  sortTerms, type Compilable, type Fragment, type IndexSpec, type Where,
} from './compile.ts';
import type { CollectionInfo, DocStore } from './database.ts';
import { SQLITE_UNIQUE, ServerError, StoreFileError, sqliteCode } from './errors.ts';
import { MINGO_OPTIONS, QUERY_OPTIONS } from './mingo.ts';
import type {
  AppCollection, AppFindCursor, AppUpdate, CountOptions, DeleteResult, Filter, FindOneAndUpdateOptions, FindOneOptions, FindOptions,
  IndexOptions, InsertManyResult, InsertOneResult, OptionalUnlessRequiredId, Projection, SortSpec, UpdateOptions, UpdateResult, WithId,
} from './types.ts';
import { applyOperators, checkOperators, checkUpdate, upsertDocument } from './update.ts';

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

/** Top-level fields only, each 0 or 1: applied here, without mingo. */
function isSimpleProjection(projection: Projection): boolean {
  const entries = Object.entries(projection);
  if (!entries.every(([field, v]) => !field.includes('.') && !field.startsWith('$') && [0, 1, true, false].includes(v))) return false;
  const included = entries.filter(([field]) => field !== '_id').map(([, v]) => Boolean(v));
  return included.every((v) => v === included[0]);
}

function project(doc: Document, projection: Projection | undefined): Document {
  if (!projection || !Object.keys(projection).length) return doc;
  if (!isSimpleProjection(projection)) return new Query({}, QUERY_OPTIONS).find<Document>([doc], projection).all()[0]!;
  const { _id: keepId = 1, ...fields } = projection;
  // `{ _id: 1 }` alone includes only the id; `{ _id: 0 }` alone excludes only it.
  const inclusive = Object.keys(fields).length ? Object.values(fields).some(Boolean) : Boolean(keepId);
  const kept: Document = {};
  for (const [field, value] of Object.entries(doc)) {
    const keep = field === '_id' ? Boolean(keepId) : inclusive ? Boolean(fields[field]) : !(field in fields);
    if (keep) kept[field] = value;
  }
  return kept;
}

const onlyId = (projection: Projection | undefined) => projection !== undefined && Object.keys(projection).length === 1 && Boolean(projection._id);

/** A single-field index on a plain field that has held an array has a key table. */
const isMultikey = (spec: IndexSpec, info: CollectionInfo) => {
  const fields = fieldsOf(spec);
  return fields.length === 1 && Object.keys(spec.key).length === 1 && !fields[0]!.includes('.') && info.arrays.has(fields[0]!);
};

/** Rows SQLite has handed to this store, for tests of what a read costs. */
export const readStats = { rows: 0 };

interface Row {
  rowid: number;
  doc: Document;
}

interface Read {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  /** Only `_id` is wanted: with exact SQL, the body is never read. */
  idOnly?: boolean;
}

export class DocCollection<T extends Document> implements AppCollection<T> {
  private readonly store: DocStore;
  readonly name: string;
  private readonly table: string;
  constructor(store: DocStore, name: string) {
    this.store = store;
    this.name = name;
    this.table = quote(name);
  }

  /** Fields SQL compares: those of an index, by value until they hold an array, then by their key table if they have one. */
  private compilable(info: CollectionInfo): Compilable {
    const specs = [...info.indexes.values()];
    const indexed = new Set(specs.flatMap(fieldsOf));
    return {
      value: (path) => indexed.has(path) && !info.arrays.has(path),
      keys: (path) => {
        const spec = info.arrays.has(path) ? specs.find((s) => isMultikey(s, info) && fieldsOf(s)[0] === path) : undefined;
        return spec && keysTable(this.name, spec);
      },
    };
  }

  /**
   * The documents that match, in the sort's order, after `skip`, at most `limit`. SQL selects and
   * orders; when it does not say the whole filter, mingo tests each row it gives, and the rows
   * are read only as far as the limit. A sort SQL cannot give is mingo's, over every match.
   */
  private *select(info: CollectionInfo, filter: Filter<T> | undefined, { sort, skip = 0, limit, idOnly }: Read = {}): Generator<Row> {
    const compilable = this.compilable(info);
    const where = compileFilter(filter as Document, compilable);
    const order = compileSort(sort, compilable);
    const query = where.exact ? null : new Query(filter as Document, QUERY_OPTIONS);
    const columns = idOnly && where.exact && order !== null ? 'rowid, id' : 'rowid, body';
    const ordered = order !== null && sort && Object.keys(sort).length ? ` ORDER BY ${order}` : '';
    const paged = where.exact && order !== null && (limit !== undefined || skip) ? ` LIMIT ? OFFSET ?` : '';
    const params: SQLInputValue[] = paged ? [...where.params, limit ?? -1, skip] : where.params;
    const narrowed = Object.keys(filter ?? {}).length > 0 || Object.keys(sort ?? {}).length > 0;
    const page = paged ? this.sortedOr(info, filter, where, sort, (limit ?? 0) + skip) : null;
    const rows = page
      ? this.rows(page.sql, [...page.params, limit ?? -1, skip], narrowed)
      : this.rows(`SELECT ${columns} FROM ${this.table} WHERE ${where.sql}${ordered}${paged}`, params, narrowed);
    const decoded = (row: { rowid: number | bigint; id?: unknown; body?: string }): Row => {
      readStats.rows++;
      return { rowid: Number(row.rowid), doc: row.body === undefined ? { _id: idFrom(row.id) } : this.decodeRow(row.body) };
    };
    if (order === null) {
      const matched: Row[] = [];
      for (const row of rows) {
        const found = decoded(row);
        if (!query || query.test(found.doc)) matched.push(found);
      }
      const byDoc = new Map(matched.map((row) => [row.doc, row]));
      const docs = new Query({}, QUERY_OPTIONS).find<Document>(matched.map((row) => row.doc)).sort(sort!).skip(skip);
      yield* (limit === undefined ? docs : docs.limit(limit)).all().map((doc) => byDoc.get(doc)!);
      return;
    }
    if (paged || (!skip && limit === undefined && !query)) {
      for (const row of rows) yield decoded(row);
      return;
    }
    let skipped = 0;
    let given = 0;
    for (const row of rows) {
      if (limit !== undefined && given >= limit) return;
      const found = decoded(row);
      if (query && !query.test(found.doc)) continue;
      if (skipped++ < skip) continue;
      given++;
      yield found;
    }
  }

  /**
   * A page, in a sort, of an `$or` whose every branch SQL says (a search by the start of an email
   * or a name, newest first). SQLite's plan for it gathers every match and reads each one's row to
   * sort them. When few match, each branch is read instead with its sort keys from the index that
   * serves it, and only the page's rows are read; when many do, the sort's own index is walked and
   * the page is found near its top. Which costs less is told by counting the matches up to where
   * the two cost about the same: `m` matches sorted from indexes against walking `need / m` of
   * the collection's `n` rows, each read whole, some twenty times dearer (measured).
   */
  private sortedOr(info: CollectionInfo, filter: Filter<T> | undefined, where: Where, sort: SortSpec | undefined, need: number): Fragment | null {
    const branches = (filter as Document | undefined)?.$or;
    const terms = sortTerms(sort, this.compilable(info));
    if (!where.exact || !terms || !Object.keys(sort ?? {}).length || !Array.isArray(branches) || branches.length < 2) return null;
    const { $or: _, ...rest } = filter as Document;
    const compilable = this.compilable(info);
    const common = compileFilter(rest, compilable);
    const either = compileFilter({ $or: branches }, compilable);
    const arms = branches.map((branch: Document) => compileFilter({ $and: [rest, branch] }, compilable));
    if (!common.exact || !either.exact || arms.some((arm) => !arm.exact)) return null;
    const rows = Number((this.store.statement(`SELECT max(rowid) AS tally FROM ${this.table}`).get() as { tally: number | null }).tally ?? 0);
    const even = Math.ceil(Math.sqrt(need * rows * 20));
    const probe = `SELECT count(*) AS tally FROM (SELECT 1 FROM ${this.table} WHERE ${where.sql} LIMIT ?)`;
    const matches = Number((this.store.statement(probe).get(...where.params, even) as { tally: number }).tally);
    if (matches >= even) {
      // Many: the sort's index, the branches tested on each row it gives (`+` keeps SQLite from gathering them by index).
      return { sql: `SELECT rowid, body FROM ${this.table} WHERE (${common.sql}) AND +(${either.sql}) ORDER BY ${orderBy(terms)} LIMIT ? OFFSET ?`, params: [...common.params, ...either.params] };
    }
    const keys = terms.map((term, i) => `${term.expr} AS k${i}`).join(', ');
    const union = arms.map((arm) => `SELECT rowid, ${keys} FROM ${this.table} WHERE ${arm.sql}`).join(' UNION ');
    const sorted = terms.map((term, i) => `k${i} ${term.order}`).join(', ');
    return {
      sql: `SELECT rowid, body FROM ${this.table} WHERE rowid IN (SELECT rowid FROM (${union}) ORDER BY ${sorted} LIMIT ? OFFSET ?) ORDER BY ${orderBy(terms)}`,
      params: arms.flatMap((arm) => arm.params),
    };
  }

  private rows(sql: string, params: SQLInputValue[], narrowed: boolean): Iterable<{ rowid: number | bigint; id?: unknown; body?: string }> {
    return this.store.statement(sql, { collection: this.name, narrowed }, params).iterate(...params) as Iterable<{ rowid: number; id?: unknown; body?: string }>;
  }

  private decodeRow(body: string): Document {
    try {
      return decode(body);
    } catch (err) {
      throw new StoreFileError(`A document of ${this.name} cannot be read (${(err as Error).message}): the data file is damaged.`, { cause: err });
    }
  }

  private where(info: CollectionInfo, filter: Filter<T> | undefined): Where {
    return compileFilter(filter as Document, this.compilable(info));
  }

  private read(filter: Filter<T> | undefined, opts: FindOptions = {}): Document[] {
    const info = this.store.info(this.name);
    if (!info) return [];
    // Limit 0 means none, and a negative one is its size, as in MongoDB.
    const limit = opts.limit ? Math.abs(opts.limit) : undefined;
    const rows = this.select(info, filter, { sort: opts.sort, skip: opts.skip, limit, idOnly: onlyId(opts.projection) });
    return [...rows].map(({ doc }) => project(doc, opts.projection));
  }

  find(filter?: Filter<T>, options: FindOptions = {}): AppFindCursor<WithId<T>> {
    return cursor((o) => this.read(filter, o) as WithId<T>[], options);
  }

  async findOne(filter?: Filter<T>, options: FindOneOptions = {}): Promise<WithId<T> | null> {
    return (this.read(filter, { ...options, limit: 1 })[0] as WithId<T> | undefined) ?? null;
  }

  async countDocuments(filter?: Filter<T>, { limit }: CountOptions = {}): Promise<number> {
    const info = this.store.info(this.name);
    if (!info) return 0;
    const where = this.where(info, filter);
    const query = { collection: this.name, narrowed: Object.keys(filter ?? {}).length > 0 };
    if (where.exact) {
      const sql = limit ? `SELECT count(*) AS tally FROM (SELECT 1 FROM ${this.table} WHERE ${where.sql} LIMIT ?)` : `SELECT count(*) AS tally FROM ${this.table} WHERE ${where.sql}`;
      const params = limit ? [...where.params, limit] : where.params;
      return Number((this.store.statement(sql, query, params).get(...params) as { tally: number }).tally);
    }
    let count = 0;
    for (const _ of this.select(info, filter, limit ? { limit } : {})) count++;
    return count;
  }

  /**
   * A pipeline that starts with `$match` reads only the documents that match; a `$lookup` reads
   * the whole collection it names. The documents are read for the pipeline alone, so its stages
   * may write into them.
   */
  aggregate<R extends Document = Document>(pipeline: Document[]) {
    return {
      toArray: async (): Promise<R[]> => {
        if (pipeline.some((stage) => '$out' in stage || '$merge' in stage)) throw new Error('$out and $merge are not supported');
        const everything = (name: string) => (name === this.name ? this.read(undefined) : this.store.collection<Document>(name).read(undefined));
        const [first, ...rest] = pipeline;
        const filter = first?.$match as Filter<T> | undefined;
        const docs = filter && typeof filter === 'object' ? this.read(filter) : this.read(undefined);
        const stages = filter && typeof filter === 'object' ? rest : pipeline;
        if (!stages.length) return docs as R[];
        return new Aggregator(clone(stages), { ...MINGO_OPTIONS, collectionResolver: everything }).run<R>(docs);
      },
    };
  }

  /**
   * A write is committed at once, and answered on a later turn of the event loop, as a database
   * server's answer comes: requests acting at the same time interleave between their writes as
   * they would on MongoDB, rather than each running through all of its own first.
   */
  private async answered<R>(write: () => R): Promise<R> {
    try {
      return write();
    } finally {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>> {
    return this.answered(() => ({ acknowledged: true, insertedId: this.insert([doc as Document])[0] }) as InsertOneResult<T>);
  }

  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>> {
    return this.answered(() => {
      const ids = this.insert(docs as unknown as Document[]);
      return { acknowledged: true, insertedCount: ids.length, insertedIds: { ...ids } } as InsertManyResult<T>;
    });
  }

  /** All or nothing (the driver's ordered insert keeps the documents before a failure). */
  private insert(docs: Document[]): unknown[] {
    if (!docs.length) throw new Error('Invalid BulkOperation, Batch cannot be empty');
    for (const doc of docs) doc._id ??= new ObjectId(); // the driver, too, writes the new _id into the caller's object
    this.store.write(() => {
      const info = this.store.table(this.name);
      const arrays = info.arrays.size;
      for (const doc of docs) this.insertRow(info, doc);
      if (info.arrays.size !== arrays) this.store.saveInfo(this.name, info, {});
    });
    return docs.map((doc) => doc._id);
  }

  private insertRow(info: CollectionInfo, doc: Document): void {
    this.noteArrays(info, doc);
    try {
      this.store.run(`INSERT INTO ${this.table} (id, body) VALUES (?, ?)`, idValue(doc._id), encode(doc));
    } catch (err) {
      throw this.duplicate(info, err, doc);
    }
  }

  private updateRow(info: CollectionInfo, rowid: number, doc: Document): void {
    this.noteArrays(info, doc);
    try {
      this.store.run(`UPDATE ${this.table} SET body = ? WHERE rowid = ?`, encode(doc), rowid);
    } catch (err) {
      throw this.duplicate(info, err, doc);
    }
  }

  /**
   * An indexed field that holds an array is compared through its single-field index's key table
   * from then on, made here with the rows already there; without one, by mingo.
   */
  private noteArrays(info: CollectionInfo, doc: Document): void {
    for (const spec of info.indexes.values()) {
      for (const path of fieldsOf(spec)) {
        if (info.arrays.has(path) || !crossesArray(doc, path)) continue;
        info.arrays.add(path);
        for (const keyed of info.indexes.values()) if (isMultikey(keyed, info) && fieldsOf(keyed)[0] === path) this.keyIndex(keyed);
      }
    }
  }

  private keyIndex(spec: IndexSpec): void {
    for (const statement of keysStatements(this.name, spec)) this.store.exec(statement);
  }

  /** SQLite's unique constraint, as MongoDB's duplicate-key error naming the index and the value. */
  private duplicate(info: CollectionInfo, err: unknown, doc: Document): unknown {
    if (!SQLITE_UNIQUE.has(sqliteCode(err) ?? 0)) return err;
    const named = /index '([^']+)'/.exec((err as Error).message)?.[1];
    const name = named ? named.slice(this.name.length + 1).replace(/\.nulls$/, '') : '_id_';
    const key = info.indexes.get(name)?.key ?? { _id: 1 };
    const keyValue = Object.fromEntries(Object.keys(key).map((field) => [field, getPath(doc, field) ?? null]));
    return new ServerError(
      `E11000 duplicate key error collection: ${this.name} index: ${name} dup key: ${BSON.EJSON.stringify(keyValue)}`,
      11000, { keyPattern: key, keyValue },
    );
  }

  updateOne(filter: Filter<T>, update: AppUpdate<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> {
    return this.answered(() => this.update(filter, update, { ...options, many: false }).result);
  }

  updateMany(filter: Filter<T>, update: AppUpdate<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> {
    return this.answered(() => this.update(filter, update, { ...options, many: true }).result);
  }

  findOneAndUpdate(filter: Filter<T>, update: AppUpdate<T>, options: FindOneAndUpdateOptions = {}): Promise<WithId<T> | null> {
    return this.answered(() => {
      const { first } = this.update(filter, update, { upsert: options.upsert, sort: options.sort, many: false });
      const doc = options.returnDocument === 'after' ? first?.after : first?.before;
      return doc ? (project(doc, options.projection) as WithId<T>) : null;
    });
  }

  /**
   * Matches, then updates what matched or inserts what the upsert makes, in one transaction: of
   * racing upserts one inserts and the rest match it (or, when their filter cannot match it, fail
   * on the unique index as the insert would).
   */
  private update(
    filter: Filter<T>,
    update: AppUpdate<T>,
    { many, upsert = false, sort }: { many: boolean; upsert?: boolean; sort?: SortSpec },
  ): { result: UpdateResult<T>; first?: { before?: Document; after: Document } } {
    checkOperators(update as Document);
    return this.store.write(() => {
      const info = this.store.table(this.name);
      const arrays = info.arrays.size;
      const matched = [...this.select(info, filter, { sort, limit: many ? undefined : 1 })];
      // Applying the update checks it; with nothing to apply it to, it is still checked.
      if (!matched.length && !upsert) checkUpdate(update as Document);
      if (!matched.length && upsert) {
        const inserted = upsertDocument(filter as Document, update as Document);
        this.insertRow(info, inserted);
        if (info.arrays.size !== arrays) this.store.saveInfo(this.name, info, {});
        const result = { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
        return { result: result as UpdateResult<T>, first: { after: inserted } };
      }
      let modified = 0;
      const updated = matched.map(({ rowid, doc: before }) => {
        const after = clone(before);
        if (!applyOperators(after, update as Document).length) return after;
        this.updateRow(info, rowid, after);
        modified++;
        return after;
      });
      if (info.arrays.size !== arrays) this.store.saveInfo(this.name, info, {});
      const result = { acknowledged: true, matchedCount: matched.length, modifiedCount: modified, upsertedCount: 0, upsertedId: null };
      return { result, ...(matched.length ? { first: { before: matched[0]!.doc, after: updated[0]! } } : {}) };
    });
  }

  deleteOne(filter: Filter<T>) {
    return this.delete(filter, false);
  }

  deleteMany(filter: Filter<T>) {
    return this.delete(filter, true);
  }

  private delete(filter: Filter<T>, many: boolean): Promise<DeleteResult> {
    return this.answered(() => ({ acknowledged: true, deletedCount: this.store.info(this.name) ? this.deleted(filter, many) : 0 }));
  }

  private deleted(filter: Filter<T>, many: boolean): number {
    return this.store.write(() => {
      const info = this.store.table(this.name);
      const where = this.where(info, filter);
      if (where.exact && many) return this.store.run(`DELETE FROM ${this.table} WHERE ${where.sql}`, ...where.params);
      let deleted = 0;
      for (const { rowid } of [...this.select(info, filter, { limit: many ? undefined : 1 })]) deleted += this.store.run(`DELETE FROM ${this.table} WHERE rowid = ?`, rowid);
      return deleted;
    });
  }

  async createIndex(key: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<string> {
    const name = options.name ?? Object.entries(key).map(([f, dir]) => `${f}_${dir}`).join('_');
    const spec: IndexSpec = { name, key, unique: options.unique ?? false, sparse: options.sparse ?? false };
    if (options.expireAfterSeconds !== undefined) spec.expireAfterSeconds = options.expireAfterSeconds;
    const existing = this.store.info(this.name)?.indexes.get(name);
    if (existing) {
      // Same spec again is a no-op (even read-only), as in MongoDB; a different one is an error.
      const same = (s: IndexSpec) => JSON.stringify([s.key, s.unique, s.sparse, s.expireAfterSeconds ?? null]);
      if (same(existing) === same(spec)) return name;
      throw new ServerError(`An existing index has the same name (${name}) but different options`, 86);
    }
    this.store.write(() => {
      const info = this.store.table(this.name);
      try {
        for (const statement of indexStatements(this.name, spec)) this.store.exec(statement);
      } catch (err) {
        if (!SQLITE_UNIQUE.has(sqliteCode(err) ?? 0)) throw err;
        const row = this.store.statement(duplicateQuery(this.name, spec)).get() as { body: string } | undefined;
        throw this.duplicate({ ...info, indexes: new Map([[name, spec]]) }, err, row ? decode(row.body) : {});
      }
      for (const path of fieldsOf(spec)) {
        if (!info.arrays.has(path) && this.store.statement(arrayQuery(this.name, path)).get()) info.arrays.add(path);
      }
      info.indexes.set(name, spec);
      if (isMultikey(spec, info)) this.keyIndex(spec);
      this.store.saveInfo(this.name, info, { index: spec });
    });
    return name;
  }

  async dropIndex(name: string): Promise<void> {
    const info = this.store.info(this.name);
    // MongoDB's errors: no such collection (26), no such index (27).
    if (!info) throw new ServerError(`ns not found ${this.name}`, 26, { codeName: 'NamespaceNotFound' });
    if (!info.indexes.has(name)) throw new ServerError(`index not found with name [${name}]`, 27, { codeName: 'IndexNotFound' });
    this.store.write(() => {
      const held = this.store.table(this.name);
      for (const statement of dropKeysStatements(this.name, held.indexes.get(name)!)) this.store.exec(statement);
      this.store.exec(`DROP INDEX IF EXISTS ${quote(`${this.name}.${name}`)}; DROP INDEX IF EXISTS ${quote(`${this.name}.${name}.nulls`)}`);
      held.indexes.delete(name);
      this.store.saveInfo(this.name, held, { dropped: name });
    });
  }
}
