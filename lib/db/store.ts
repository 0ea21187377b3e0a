/**
 * The embedded engine's documents and indexes in memory: one Store per collection. Queries run
 * over these with mingo; persistence (lib/db/sqlite-file.ts) only ever sees the changes.
 */
import { BSON, ObjectId, type Document } from 'mongodb';
import { update as applyUpdate } from 'mingo/updater';
import { MINGO_OPTIONS } from './mingo-options.ts';

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

/** Applies update operators to `doc` in place; returns the changed paths. */
export function applyOperators(doc: Document, update: Document): string[] {
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

  constructor(name: string) {
    this.name = name;
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

  /** Applies the changes of one operation all or nothing: every unique index is checked before anything moves. */
  apply(changes: readonly Change[]): void {
    const views = this.uniqueViews();
    for (const view of views) {
      const freed = new Set<string>();
      for (const { before } of changes) {
        const key = before && view.keyOf(before);
        if (key != null && view.entries.get(key) === before) freed.add(key);
      }
      const taken = new Set<string>();
      for (const { after } of changes) {
        const key = after && view.keyOf(after);
        if (key == null) continue;
        if ((view.entries.has(key) && !freed.has(key)) || taken.has(key)) throw this.duplicate(view, after!);
        taken.add(key);
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
      if (before && !after) this.docs.delete(valueKey(before._id));
      else if (after) this.docs.set(valueKey(after._id), after); // a replacement keeps its place
    }
  }

  /** Builds the index; a unique one over duplicate values is refused with 11000 and not kept. */
  addIndex(spec: IndexSpec): void {
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
  }

  dropIndex(name: string): void {
    this.specs.delete(name);
    this.uniqueEntries.delete(name);
  }
}
