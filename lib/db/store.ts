/**
 * The embedded engine's documents and indexes in memory: one Store per collection. Queries run
 * over these with mingo; persistence (lib/db/sqlite-file.ts) only ever sees the changes.
 */
import { BSON, ObjectId, type Document } from 'mongodb';
import { update as applyUpdate } from 'mingo/updater';
import { UPDATE_OPTIONS } from './mingo-options.ts';
import type { ColdRows } from './cold.ts';
import { constraintsOf, QueryIndex, type IndexPlan } from './query-index.ts';

const { EJSON } = BSON; // `import { EJSON } from 'mongodb'` is invisible to plain Node's ESM named-export detection

export interface IndexSpec {
  name: string;
  key: Record<string, 1 | -1>;
  unique: boolean;
  /** Documents that have none of the key's fields are left out of the index, as in MongoDB. */
  sparse: boolean;
  /** A TTL index's lifetime: kept, not enforced (MongoDB's TTL monitor deletes in its own time too). */
  expireAfterSeconds?: number;
}

/** An insert (before absent), a replacement, or a deletion (after absent). */
export interface Change {
  before?: Document;
  after?: Document;
}

/** Deep copy that keeps BSON values: structuredClone would turn an ObjectId into a plain object. */
export function clone<T>(value: T): T {
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

export function getPath(doc: Document, dotted: string): unknown {
  let cur: unknown = doc;
  for (const part of dotted.split('.')) cur = cur && typeof cur === 'object' ? (cur as Document)[part] : undefined;
  return cur;
}

/**
 * A value as an index key: equal for values MongoDB's indexes treat as equal (missing and null,
 * 1 and 1.0), different for different types (1 and "1", an ObjectId and its hex string). For an
 * `_id` it is also the document's key on disk, so it reads like relaxed EJSON.
 */
export function valueKey(value: unknown): string {
  if (value instanceof ObjectId) return `{"$oid":"${value.toHexString()}"}`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === undefined || value === null) return 'null';
  return EJSON.stringify(value, { relaxed: true });
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

/** Two update paths that touch the same field: equal, or one inside the other. */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

function immutableId(): EmbeddedServerError {
  return new EmbeddedServerError("Performing an update on the path '_id' would modify the immutable field '_id'", 66);
}

/**
 * Applies update operators to `doc` in place; returns the changed paths. `$setOnInsert` is only
 * checked here: it applies when an upsert inserts (upsertDocument).
 */
export function applyOperators(doc: Document, update: Document): string[] {
  return apply(doc, withoutInsertOnly(update));
}

/** Refuses an update whose operators conflict (code 40), as MongoDB does before it looks for a document. */
export function checkUpdate(update: Document): void {
  apply({}, withoutInsertOnly(update));
}

/** The update without `$setOnInsert`, which may not touch a field another operator does (MongoDB's code 40). */
function withoutInsertOnly(update: Document): Document {
  const { $setOnInsert, ...operators } = update;
  if ($setOnInsert) {
    const others = Object.values(operators).flatMap((fields) => Object.keys(fields as Document));
    const clash = Object.keys($setOnInsert as Document).find((path) => others.some((other) => overlaps(path, other)));
    if (clash) throw new EmbeddedServerError(`Updating the path '${clash}' would create a conflict at '${clash}'`, 40);
  }
  return operators;
}

function apply(doc: Document, operators: Document): string[] {
  // Setting `_id` to the value it has changes nothing (an upsert's filter and update may both
  // name it); giving a document without one its `_id` is an insert's right. Anything else is refused.
  const set = operators.$set as Document | undefined;
  if (set && '_id' in set) {
    if (doc._id === undefined) doc._id = clone(set._id);
    else if (valueKey(doc._id) !== valueKey(set._id)) throw immutableId();
    const { _id: _, ...rest } = set;
    operators = { ...operators, $set: rest };
    if (!Object.keys(rest).length) delete operators.$set;
  }
  if (!Object.keys(operators).length) return [];
  let paths: string[];
  try {
    paths = applyUpdate(doc, clone(operators), undefined, undefined, { cloneMode: 'deep', queryOptions: UPDATE_OPTIONS });
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (/would create a conflict/.test(message)) throw new EmbeddedServerError(message.replace(/^updating/, 'Updating'), 40);
    if (!/immutable field '_id'/.test(message)) throw err;
    paths = ['_id'];
  }
  if (paths.some((p) => overlaps(p, '_id'))) throw immutableId();
  return paths;
}

const NOT_PINNED = Symbol('not pinned');

/** The value a filter's condition on one field pins it to: `1` and `{ $eq: 1 }` do; ranges, `$in` and regular expressions do not. */
function pinnedValue(condition: unknown): unknown {
  if (condition instanceof RegExp) return NOT_PINNED;
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition) || Object.getPrototypeOf(condition) !== Object.prototype) return condition;
  const keys = Object.keys(condition);
  if (!keys.some((key) => key.startsWith('$'))) return condition;
  return '$eq' in condition ? (condition as Document).$eq : NOT_PINNED;
}

/** Whether a dotted path goes through an array of the document. */
function crossesArray(doc: Document, dotted: string): boolean {
  let cur: unknown = doc;
  for (const part of dotted.split('.')) {
    if (Array.isArray(cur)) return true;
    cur = cur && typeof cur === 'object' ? (cur as Document)[part] : undefined;
  }
  return false;
}

function setPath(doc: Document, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let cur = doc;
  for (const part of parts.slice(0, -1)) {
    if (cur[part] === null || typeof cur[part] !== 'object') cur[part] = {};
    cur = cur[part] as Document;
  }
  cur[parts.at(-1)!] = clone(value);
}

/** The fields a filter pins by equality, at its top level and inside `$and`, as a document. */
function equalitiesOf(filter: Document, into: Document = {}): Document {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and') for (const part of condition as Document[]) equalitiesOf(part, into);
    if (key.startsWith('$')) continue;
    const value = pinnedValue(condition);
    if (value !== NOT_PINNED) setPath(into, key, value);
  }
  return into;
}

/**
 * The document an upsert inserts when nothing matched, as MongoDB builds it: the fields the
 * filter pins by equality, then the update with its `$setOnInsert`. Its `_id` comes from either
 * (the update may not change one the filter pins), else it is a new ObjectId; it comes first.
 */
export function upsertDocument(filter: Document, update: Document): Document {
  const doc = equalitiesOf(filter);
  const operators = withoutInsertOnly(update);
  const set = { ...(operators.$set as Document | undefined), ...(update.$setOnInsert as Document | undefined) };
  apply(doc, Object.keys(set).length ? { ...operators, $set: set } : operators);
  const { _id = new ObjectId(), ...fields } = doc;
  return { _id, ...fields };
}

/**
 * What reads cost, for tests and diagnostics: documents tested against a filter, stored
 * documents copied to be handed out (to a caller or to an aggregation pipeline), documents
 * read from disk because they are not held in memory (lib/db/cold.ts), rows of those whose ids
 * SQLite listed in a sort no index holds, before their bodies are read one by one (`listed`),
 * and documents held compact whose body was read from disk to be tested or handed out
 * (Store.content).
 */
export const readStats = { examined: 0, copied: 0, fromDisk: 0, listed: 0, unpacked: 0 };

/** A stored document copied for a reader: the one way documents leave the engine. */
export function copyOut(doc: Document): Document {
  readStats.copied++;
  return clone(doc);
}

/** How a store reads the body of a document it holds compact, and what it keeps of it beside `_id`. */
export interface CompactReader {
  read(key: string): Document | undefined;
  /** Only these fields and those of its indexes... */
  keep?: readonly string[];
  /** ...or every field but these. */
  omit?: readonly string[];
}

/** A unique index as the checks see it: `_id_` is the document map itself. */
interface UniqueView {
  name: string;
  key: Record<string, 1 | -1>;
  keyOf: (doc: Document) => string | null;
  entries: Map<string, Document>;
}

export class Store {
  readonly name: string;
  /** By the key of their `_id`, in insertion order: a Map keeps a replaced entry where it was. */
  readonly docs = new Map<string, Document>();
  private readonly specs = new Map<string, IndexSpec>();
  private readonly uniqueEntries = new Map<string, Map<string, Document>>();
  private readonly queryIndexes = new Map<string, QueryIndex>();
  /** Insertion order, kept by a replacement as the Map keeps its place: ties sort in it. */
  private readonly order = new WeakMap<Document, number>();
  private nextOrder = 0;
  private readonly seq = (doc: Document) => this.order.get(doc)!;
  /** The documents kept on disk only, when the collection has some (lib/db/cold.ts). */
  cold: ColdRows | undefined;
  /** Keys of cold documents deleted whose deletion is not on disk yet: the disk must not show them meanwhile. */
  readonly tombstones = new Set<string>();
  /**
   * Documents held compact (COMPACT_RULES in lib/db/cold.ts): their `_id` and some of their
   * fields, the body being on disk as it is. What reads one, of the data file, when the store has some.
   */
  private compactReader: CompactReader | undefined;
  private readonly compacts = new WeakSet<Document>();
  /** The fields every compact document keeps, once the store holds some that keep only some (`keepOnly`). */
  private compactFields: Set<string> | undefined;
  /** A compact document's body as read, to the compact document it stands for (what the indexes hold). */
  private readonly unpackedFrom = new WeakMap<Document, Document>();

  constructor(name: string) {
    this.name = name;
    // `_id` is indexed, as in MongoDB: a page after page in `_id` order (the exports) reads its
    // page from it rather than testing and sorting every document in memory for each page.
    this.queryIndexes.set('_id_', new QueryIndex('_id_', { _id: 1 }, this.seq));
  }

  /** A document read from disk, in the order it was stored (its rowid when known), before any index exists. */
  load(key: string, doc: Document, seq = this.nextOrder): void {
    this.docs.set(key, doc);
    this.placed(doc, seq);
  }

  /** Gives a document read from disk its place in insertion order. */
  placed(doc: Document, seq: number): Document {
    this.order.set(doc, seq);
    this.nextOrder = Math.max(this.nextOrder, seq + 1);
    return doc;
  }

  /**
   * From now on the store may hold documents compact (`loadCompact`, `compact`): rarely changed
   * ones, whose body is on disk exactly as it is, are read from there when a query tests them or
   * hands them out, one by one.
   */
  holdCompact(reader: CompactReader): void {
    this.compactReader = reader;
  }

  /** What a compact document keeps beside `_id`, with these indexes, when it keeps only some fields: those they and the reader name. */
  keptFields(specs: Iterable<IndexSpec> = this.specs.values()): string[] {
    const fields = new Set(this.compactReader!.keep);
    for (const spec of specs) for (const field of Object.keys(spec.key)) if (field !== '_id') fields.add(field);
    return [...fields];
  }

  /** A compact document of the fields given (from `keptFields`), undefined where the document has none. */
  static compactFrom(id: unknown, fields: readonly string[], values: readonly unknown[]): Document {
    return Store.withFields({ _id: id }, fields, values);
  }

  /** `doc` given these values at these dotted paths (as held, not copied), those undefined left out. */
  private static withFields(doc: Document, fields: readonly string[], values: readonly unknown[]): Document {
    fields.forEach((field, i) => {
      if (values[i] === undefined) return;
      const parts = field.split('.');
      let cur = doc;
      for (const part of parts.slice(0, -1)) cur = (cur[part] ??= {}) as Document;
      cur[parts.at(-1)!] = values[i];
    });
    return doc;
  }

  /** A compact document of every field of `doc` but those the reader omits. */
  private omitting(doc: Document): Document {
    const omit = this.compactReader!.omit!;
    return Object.fromEntries(Object.entries(doc).filter(([field]) => !omit.includes(field)));
  }

  /**
   * Like `load`, a document held compact, made by `compactFrom` of the fields given to `keepOnly`
   * (`keptFields` with the indexes the store will be given), or, for a reader that omits fields,
   * without them.
   */
  loadCompact(key: string, compact: Document, seq: number): void {
    this.compacts.add(compact);
    this.load(key, compact, seq);
  }

  /** The compact documents to come keep only these fields: of them, what every compact document keeps. */
  keepOnly(fields: readonly string[]): void {
    this.compactFields = new Set(this.compactFields ? fields.filter((field) => this.compactFields!.has(field)) : fields);
  }

  /** Whether a field is held by every compact document (any field is, until `keepOnly` names them). */
  private keeps(field: string): boolean {
    const reader = this.compactReader;
    if (!reader || field === '_id') return true;
    if (reader.omit) return !reader.omit.includes(field.split('.')[0]!);
    return !this.compactFields || this.compactFields.has(field);
  }

  /**
   * Whether a query that reads only `fields` is answered the same by the compact documents as by
   * their bodies, when it returns nothing but `_id`, or `fields` too, or every field but those
   * `excluding` names. A document that keeps only some fields holds them in another order than
   * its body, so it answers only the first.
   */
  answersCompact(fields: readonly string[], returns?: 'fields' | { excluding: readonly string[] }): boolean {
    if (!fields.every((field) => this.keeps(field))) return false;
    if (!returns) return true;
    const omit = this.compactReader?.omit;
    if (!omit) return !this.compactReader;
    return returns === 'fields' || omit.every((field) => returns.excluding.includes(field));
  }

  isCompact(doc: Document): boolean {
    return this.compacts.has(doc);
  }

  /**
   * Holds these documents compact, unless a write replaced one since (the caller knows their
   * bodies are on disk as they are). The sorted indexes are sorted again when next used.
   */
  compact(docs: readonly Document[]): void {
    if (!this.compactReader || !docs.length) return;
    const fields = this.compactReader.omit ? undefined : this.keptFields();
    if (fields) this.keepOnly(fields);
    for (const doc of docs) {
      const key = valueKey(doc._id);
      if (this.docs.get(key) !== doc || this.compacts.has(doc)) continue;
      const compact = fields ? Store.compactFrom(doc._id, fields, fields.map((field) => getPath(doc, field))) : this.omitting(doc);
      this.compacts.add(compact);
      this.docs.set(key, compact);
      this.order.set(compact, this.order.get(doc)!);
      for (const [name, entries] of this.uniqueEntries) {
        const indexKey = Store.keyOf(this.specs.get(name)!, doc);
        if (indexKey !== null && entries.get(indexKey) === doc) entries.set(indexKey, compact);
      }
    }
    this.resetIndexes();
  }

  /**
   * A stored document whole: a compact one's body read from disk (each time: it is not kept),
   * any other as it is. What a query tests and copies out.
   */
  content(doc: Document): Document {
    if (!this.compacts.has(doc)) return doc;
    const key = valueKey(doc._id);
    const body = this.compactReader!.read(key);
    if (!body) throw new Error(`document ${key} of ${this.name} is missing from the data file`);
    readStats.unpacked++;
    this.order.set(body, this.order.get(doc)!);
    this.unpackedFrom.set(body, doc);
    return body;
  }

  /** What the store holds for a document a query handed to a write: the compact form its body was read from, while it stands. */
  private stored(doc: Document): Document {
    const compact = this.unpackedFrom.get(doc);
    return compact && this.docs.get(valueKey(doc._id)) === compact ? compact : doc;
  }

  /**
   * Before an index on fields the compact documents do not keep is built: they keep those too,
   * read from their bodies once, when they keep named fields (an upgrade that declares a new
   * index, at its first start, would otherwise hold every one whole until the next start), or
   * else they are made whole again.
   */
  private holdFieldsOf(spec: IndexSpec): void {
    const missing = Object.keys(spec.key).filter((field) => !this.keeps(field));
    if (!missing.length) return;
    if (this.compactReader?.omit || !this.compactFields) return this.expand();
    const found: Array<[Document, unknown[]]> = [];
    for (const doc of this.docs.values()) {
      if (!this.compacts.has(doc)) continue;
      const body = this.content(doc);
      this.unpackedFrom.delete(body);
      // A path through an array names many values, which only the whole document holds.
      if (missing.some((field) => crossesArray(body, field))) return this.expand();
      found.push([doc, missing.map((field) => getPath(body, field))]);
    }
    for (const [doc, values] of found) Store.withFields(doc, missing, values);
    for (const field of missing) this.compactFields.add(field);
  }

  /** Every compact document whole again. */
  private expand(): void {
    this.compactFields = undefined;
    let any = false;
    for (const [key, doc] of this.docs) {
      if (!this.compacts.has(doc)) continue;
      const body = this.content(doc);
      this.unpackedFrom.delete(body);
      this.docs.set(key, body);
      any = true;
    }
    if (!any) return;
    for (const [name, entries] of this.uniqueEntries) {
      entries.clear();
      const spec = this.specs.get(name)!;
      for (const doc of this.docs.values()) {
        const indexKey = Store.keyOf(spec, doc);
        if (indexKey !== null) entries.set(indexKey, doc);
      }
    }
    this.resetIndexes();
  }

  private resetIndexes(): void {
    for (const [name, index] of this.queryIndexes) this.queryIndexes.set(name, new QueryIndex(index.name, index.key, this.seq));
  }

  /** Where new documents start in insertion order: after every row on disk, as their rowids will be. */
  startOrderAt(seq: number): void {
    this.nextOrder = Math.max(this.nextOrder, seq);
  }

  seqOf(doc: Document): number {
    return this.seq(doc);
  }

  /**
   * Drops documents from memory that are on disk as they are (the sweep made them cold). Many at
   * once: the sorted indexes are sorted again when next used rather than spliced one by one.
   */
  evict(docs: readonly Document[]): void {
    if (!docs.length) return;
    for (const doc of docs) {
      const key = valueKey(doc._id);
      if (this.docs.get(key) !== doc) continue;
      this.docs.delete(key);
      for (const [name, entries] of this.uniqueEntries) {
        const indexKey = Store.keyOf(this.specs.get(name)!, doc);
        if (indexKey !== null && entries.get(indexKey) === doc) entries.delete(indexKey);
      }
    }
    this.resetIndexes();
  }

  /** The declared indexes (`_id_` is implicit, as in MongoDB). */
  get indexes(): IndexSpec[] {
    return [...this.specs.values()];
  }

  index(name: string): IndexSpec | undefined {
    return this.specs.get(name);
  }

  /** The index key of `doc`, or null when a sparse index leaves it out. */
  private static keyOf(spec: IndexSpec, doc: Document): string | null {
    const values = Object.keys(spec.key).map((field) => getPath(doc, field));
    if (spec.sparse && values.every((v) => v === undefined)) return null;
    return values.length === 1 ? valueKey(values[0]) : JSON.stringify(values.map(valueKey));
  }

  private uniqueViews(): UniqueView[] {
    const views: UniqueView[] = [{ name: '_id_', key: { _id: 1 }, keyOf: (doc) => valueKey(doc._id), entries: this.docs }];
    for (const [name, entries] of this.uniqueEntries) {
      const spec = this.specs.get(name)!;
      views.push({ name, key: spec.key, keyOf: (doc) => Store.keyOf(spec, doc), entries });
    }
    return views;
  }

  private duplicate(index: { name: string; key: Record<string, 1 | -1> }, doc: Document): EmbeddedServerError {
    const keyValue = Object.fromEntries(Object.keys(index.key).map((f) => [f, getPath(doc, f) ?? null]));
    return new EmbeddedServerError(
      `E11000 duplicate key error collection: ${this.name} index: ${index.name} dup key: ${EJSON.stringify(keyValue)}`,
      11000, { keyPattern: index.key, keyValue },
    );
  }

  /**
   * Applies the changes of one operation all or nothing: every unique index is checked before
   * anything moves, against the documents on disk only too. A cold document written is held in
   * memory from then on; one deleted is hidden until its deletion is on disk.
   */
  apply(given: readonly Change[]): void {
    // A compact document is replaced or deleted as what the store holds for it, not as the body read.
    const changes = given.map(({ before, after }) => (before ? { before: this.stored(before), after } : { after }));
    const views = this.uniqueViews();
    const changing = new Set(changes.flatMap(({ before }) => (before ? [valueKey(before._id)] : [])));
    for (const view of views) {
      const freed = new Set<string>();
      for (const { before } of changes) {
        const key = before && view.keyOf(before);
        if (key != null && view.entries.get(key) === before) freed.add(key);
      }
      const taken = new Set<string>();
      for (const { before, after } of changes) {
        const key = after && view.keyOf(after);
        if (key == null) continue;
        if ((view.entries.has(key) && !freed.has(key)) || taken.has(key)) throw this.duplicate(view, after!);
        taken.add(key);
        const unchanged = before !== undefined && view.keyOf(before) === key;
        if (this.cold && !unchanged && this.cold.holds(Object.keys(view.key), after!, changing)) throw this.duplicate(view, after!);
      }
    }
    for (const view of views.slice(1)) {
      for (const { before } of changes) {
        const key = before && view.keyOf(before);
        if (key != null && view.entries.get(key) === before) view.entries.delete(key);
      }
      for (const { after } of changes) {
        const key = after && view.keyOf(after);
        if (key != null) view.entries.set(key, after!);
      }
    }
    for (const { before, after } of changes) {
      if (before) for (const index of this.queryIndexes.values()) index.remove(before);
      const coldBefore = before && this.docs.get(valueKey(before._id)) !== before;
      if (before && !after) {
        if (coldBefore) this.tombstones.add(valueKey(before._id));
        else this.docs.delete(valueKey(before._id));
      } else if (after) {
        const key = valueKey(after._id);
        const replaced = this.docs.get(key) ?? (coldBefore ? before : undefined);
        this.order.set(after, replaced ? this.order.get(replaced)! : this.nextOrder++);
        this.docs.set(key, after); // a replacement keeps its place
        for (const index of this.queryIndexes.values()) index.add(after);
      }
    }
  }

  /** Builds the index; a unique one over duplicate values is refused with 11000 and not kept. */
  addIndex(spec: IndexSpec): void {
    this.holdFieldsOf(spec);
    if (spec.unique) {
      const entries = new Map<string, Document>();
      for (const doc of this.docs.values()) {
        const key = Store.keyOf(spec, doc);
        if (key === null) continue;
        if (entries.has(key)) throw this.duplicate(spec, doc);
        entries.set(key, doc);
      }
      this.uniqueEntries.set(spec.name, entries);
    }
    this.specs.set(spec.name, spec);
    this.queryIndexes.set(spec.name, new QueryIndex(spec.name, spec.key, this.seq));
  }

  /**
   * The document a filter names by a plain value (a string, a number, an ObjectId) of a field with
   * a single-field unique index, found by key: null when there is none, undefined when the filter
   * names no such field. The caller still tests the whole filter against it.
   */
  byUniqueKey(filter: Document): Document | null | undefined {
    for (const [name, entries] of this.uniqueEntries) {
      const fields = Object.keys(this.specs.get(name)!.key);
      if (fields.length !== 1) continue;
      const value = filter[fields[0]!];
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value instanceof ObjectId) {
        return entries.get(valueKey(value)) ?? null;
      }
    }
    return undefined;
  }

  dropIndex(name: string): void {
    this.specs.delete(name);
    this.uniqueEntries.delete(name);
    this.queryIndexes.delete(name);
  }

  /**
   * The cheapest way an index (`_id_` or a declared one) serves the filter (and the sort, when the caller stops
   * after `need` documents), or undefined when none does. Cost is the documents it would test:
   * a slice's size is known from its bounds; a walk in sort order that stops at `need` is
   * counted as if one candidate in twenty passed the rest of the filter.
   */
  private plan(filter: Document, sort: Record<string, 1 | -1> | undefined, need: number | undefined): { plan: IndexPlan; cost: number } | undefined {
    const constraints = constraintsOf(filter);
    const sortFields = new Set(Object.keys(sort ?? {}));
    let best: { plan: IndexPlan; cost: number; narrows: number } | undefined;
    for (const index of this.queryIndexes.values()) {
      const first = index.fields[0]!;
      if (!constraints.has(first) && !sortFields.has(first)) continue;
      if (!index.built) index.build(this.docs.values());
      const plan = index.plan(constraints, need === undefined ? undefined : sort);
      if (!plan) continue;
      let cost = index.unordered.size;
      for (const prefix of plan.combinations) cost += index.count(prefix, plan.range);
      if (plan.sortFields) cost = Math.min(cost, need! * 20);
      // At equal cost (two walks in the sort's order: `_id_`'s, and `{ state, _id }`'s after the
      // state the filter pins, say), the one whose slice the filter narrows more.
      const narrows = plan.combinations[0]!.length + (plan.range ? 1 : 0);
      if (!best || cost < best.cost || (cost === best.cost && narrows > best.narrows)) best = { plan, cost, narrows };
    }
    return best;
  }

  /**
   * The stored documents that pass `test`, found through an index: in insertion order, the first
   * `need` of them when there is no sort, or, with a sort, a set that holds the first `need` in
   * that sort's order. Undefined when no index serves the filter: the caller tests every document.
   */
  select(filter: Document, test: (doc: Document) => boolean, { sort, need, whole = true }: { sort?: Record<string, 1 | -1>; need?: number; whole?: boolean }): Document[] | undefined {
    // The documents held compact are tested, and handed on, whole, unless what they keep answers.
    const passes = (doc: Document): Document | undefined => {
      readStats.examined++;
      const read = whole ? this.content(doc) : doc;
      return test(read) ? read : undefined;
    };
    const planned = this.plan(filter, sort, need);
    // An `$or` of narrow branches (a search) can cost less than any one index: a walk in the
    // sort's order tests what comes before each match, which for a rare one is most of the index.
    const either = this.eitherPlans(filter);
    const plan = either && (!planned || either.cost < planned.cost) ? undefined : planned?.plan;
    if (plan?.sortFields && need !== undefined) return this.walk(plan, passes, need);
    const candidates = plan ? this.candidates(plan) : either && this.eitherCandidates(either.plans);
    if (!candidates) return undefined;
    const ordered = [...candidates].sort((a, b) => this.seq(a) - this.seq(b));
    const limit = sort ? undefined : need;
    const matched: Document[] = [];
    for (const doc of ordered) {
      const whole = passes(doc);
      if (!whole) continue;
      matched.push(whole);
      if (limit !== undefined && matched.length >= limit) break;
    }
    return matched;
  }

  private candidates({ index, combinations, range }: IndexPlan): Set<Document> {
    const found = new Set(index.unordered);
    for (const prefix of combinations) for (const doc of index.slice(prefix, range)) found.add(doc);
    return found;
  }

  /** How an `$or` whose every branch (with the rest of the filter) an index serves is read, and what that costs. */
  private eitherPlans(filter: Document): { plans: IndexPlan[]; cost: number } | undefined {
    const { $or: branches, ...rest } = filter;
    if (!Array.isArray(branches) || !branches.length) return undefined;
    const plans = branches.map((branch: Document) => this.plan({ $and: [rest, branch] }, undefined, undefined));
    if (plans.some((plan) => !plan)) return undefined;
    return { plans: plans.map((p) => p!.plan), cost: plans.reduce((sum, p) => sum + p!.cost, 0) };
  }

  /** The union of the `$or` branches' slices. */
  private eitherCandidates(plans: IndexPlan[]): Set<Document> {
    const found = new Set<Document>();
    for (const plan of plans) for (const doc of this.candidates(plan)) found.add(doc);
    return found;
  }

  /**
   * In sort order: once `need` passed, the ones still tied with the last on the sort's fields may
   * come before it (ties keep insertion order), then nothing else can.
   */
  private walk(plan: IndexPlan, passes: (doc: Document) => Document | undefined, need: number): Document[] {
    const { index } = plan;
    const prefix = plan.combinations[0]!;
    const matched: Document[] = [];
    let last: Document | undefined;
    for (const doc of index.slice(prefix, plan.range, plan.reverse)) {
      if (last && !index.sameKey(doc, last, prefix.length, plan.sortFields)) break;
      const whole = passes(doc);
      if (!whole) continue;
      matched.push(whole);
      if (matched.length >= need) last = doc;
    }
    return matched.sort((a, b) => this.seq(a) - this.seq(b));
  }
}
