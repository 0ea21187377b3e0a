/**
 * How the embedded engine answers a filter from an index (`_id`'s, or a declared one) instead of
 * testing every document: each index keeps its documents sorted by its key (in mingo's order of
 * types and values, then by insertion), so an equality, an `$in` or a range on a prefix of its
 * fields is a slice found by binary search. The slice is a superset: mingo still tests every
 * candidate against the whole filter, so an index can only make a query cheaper, never change
 * its answer.
 */
import { ObjectId, type Document } from 'mongodb';

/** mingo's order of types (util's SORT_ORDER); an ObjectId, which it does not list, comes last. */
const RANK = { undefined: 1, null: 2, number: 3, string: 4, boolean: 9, date: 10, objectid: 99 } as const;

/** The rank of a value an index can order, or 0 for one it cannot (an array, a sub-document, NaN...). */
function rankOf(value: unknown): number {
  switch (typeof value) {
    case 'undefined': return RANK.undefined;
    case 'number': return Number.isNaN(value) ? 0 : RANK.number;
    case 'string': return RANK.string;
    case 'boolean': return RANK.boolean;
  }
  if (value === null) return RANK.null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 0 : RANK.date;
  if (value instanceof ObjectId) return RANK.objectid;
  return 0;
}

/** Whether a value is one mingo's sort and compareValues order alike: not missing, null, an array or a sub-document. */
export const sortable = (value: unknown): boolean => rankOf(value) > RANK.null;

/** Orders two values an index holds as mingo's sort does. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra - rb;
  if (ra === RANK.date) return (a as Date).getTime() - (b as Date).getTime();
  if (ra === RANK.objectid) return Buffer.compare((a as ObjectId).id, (b as ObjectId).id);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** A dotted path's value; `loose` when it crosses an array, which mingo would look into. */
const LOOSE = Symbol('loose');
function valueAt(doc: Document, parts: readonly string[]): unknown {
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (Array.isArray(cur)) return LOOSE;
    cur = cur !== null && typeof cur === 'object' ? (cur as Document)[parts[i]!] : undefined;
  }
  return cur;
}

/** A field's constraint from a filter: values it must equal, or one range of one type. */
export type Constraint =
  | { points: unknown[] }
  | { rank: number; lo?: unknown; loInclusive: boolean; hi?: unknown; hiInclusive: boolean };

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** The values of `$eq`/`$in`/a plain value; null also stands for a missing field, as in a query. */
function points(values: unknown[]): unknown[] | undefined {
  if (!values.every((v) => v !== undefined && rankOf(v) > 0)) return undefined;
  const out: unknown[] = [];
  for (const v of values.flatMap((v) => (v === null ? [undefined, null] : [v]))) {
    if (!out.some((o) => compareValues(o, v) === 0)) out.push(v);
  }
  return out;
}

function constraintOf(condition: unknown): Constraint | undefined {
  if (rankOf(condition) > 0) {
    const p = points([condition]);
    return p && { points: p };
  }
  if (condition === null || typeof condition !== 'object' || Object.getPrototypeOf(condition) !== Object.prototype) return undefined;
  const ops = condition as Document;
  if (!Object.keys(ops).every((k) => k.startsWith('$'))) return undefined;
  if ('$eq' in ops) {
    const p = points([ops.$eq]);
    if (p) return { points: p };
  }
  if (Array.isArray(ops.$in)) {
    const p = points(ops.$in);
    if (p) return { points: p };
  }
  // mingo compares a range only with values of its bound's type (as MongoDB brackets types). An
  // ObjectId range is the export's page after page in `_id` order.
  const bounds = Object.entries(ops).filter(([k]) => RANGE_OPERATORS.has(k));
  if (!bounds.length) return undefined;
  const rank = rankOf(bounds[0]![1]);
  if (![RANK.number, RANK.string, RANK.date, RANK.objectid].includes(rank as 3) || bounds.some(([, v]) => rankOf(v) !== rank)) return undefined;
  const range: Constraint = { rank, loInclusive: true, hiInclusive: true };
  for (const [op, v] of bounds) {
    if (op === '$gt' || op === '$gte') {
      const c = range.lo === undefined ? 1 : compareValues(v, range.lo);
      if (c > 0 || (c === 0 && op === '$gt')) Object.assign(range, { lo: v, loInclusive: op === '$gte' });
    } else {
      const c = range.hi === undefined ? -1 : compareValues(v, range.hi);
      if (c < 0 || (c === 0 && op === '$lt')) Object.assign(range, { hi: v, hiInclusive: op === '$lte' });
    }
  }
  return range;
}

/** The constraints a filter puts on single fields, at its top level and inside `$and`. */
export function constraintsOf(filter: Document): Map<string, Constraint> {
  const out = new Map<string, Constraint>();
  const visit = (part: Document) => {
    for (const [key, condition] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(condition)) condition.forEach(visit);
      if (key.startsWith('$') || out.has(key)) continue;
      const constraint = constraintOf(condition);
      if (constraint) out.set(key, constraint);
    }
  };
  visit(filter);
  return out;
}

/**
 * The documents in the sort's order as mingo's sort gives it, ties kept in the order given, or
 * undefined when a sort field holds a value an index cannot order (an array, a sub-document...)
 * and mingo must sort. A missing field sorts as null, as mingo and MongoDB sort it. mingo groups
 * the documents by each key through a hash map, an ObjectId's hex string per document and per
 * comparison: on an export's pages that garbage gets each page promoted to V8's old generation,
 * and the server's memory grows with the history until a full collection.
 */
export function sortDocuments(docs: readonly Document[], sort: Record<string, 1 | -1>): Document[] | undefined {
  const fields = Object.entries(sort);
  if (!fields.every(([, dir]) => dir === 1 || dir === -1)) return undefined;
  const paths = fields.map(([field]) => field.split('.'));
  const entries: Array<{ doc: Document; key: unknown[] }> = [];
  for (const doc of docs) {
    const key = paths.map((p) => valueAt(doc, p) ?? null);
    if (key.some((v) => v === LOOSE || rankOf(v) === 0)) return undefined;
    entries.push({ doc, key });
  }
  entries.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(a.key[i], b.key[i]);
      if (c) return c * fields[i]![1];
    }
    return 0;
  });
  return entries.map((e) => e.doc);
}

/** Beyond this many combinations of `$in` values an index prefix is used only as far as it stays under it. */
const MAX_COMBINATIONS = 256;

/** How a query reads an index: a slice per combination of prefix values, and whether that slice is in sort order. */
export interface IndexPlan {
  index: QueryIndex;
  combinations: unknown[][];
  range?: Exclude<Constraint, { points: unknown[] }>;
  /** Fields the plan pins to one value each (a sort on them changes nothing). */
  pinned: Set<string>;
  /** The slice is in the order of the sort's first `sortFields` keys (reversed if `reverse`). */
  sortFields: number;
  reverse: boolean;
}

export class QueryIndex {
  readonly name: string;
  readonly key: Record<string, 1 | -1>;
  readonly fields: string[];
  private readonly directions: number[];
  private readonly paths: string[][];
  private readonly seq: (doc: Document) => number;
  /** Documents whose key the index can order, in key order; undefined until first used. */
  private sorted: Document[] | undefined;
  /** Documents it cannot (an array or a sub-document under a field): candidates for every query. */
  private readonly loose = new Set<Document>();

  constructor(name: string, key: Record<string, 1 | -1>, seq: (doc: Document) => number) {
    this.name = name;
    this.key = key;
    this.fields = Object.keys(key);
    this.directions = Object.values(key).map((d) => (d < 0 ? -1 : 1));
    this.paths = this.fields.map((f) => f.split('.'));
    this.seq = seq;
  }

  get built(): boolean {
    return this.sorted !== undefined;
  }

  private isLoose(doc: Document): boolean {
    return this.paths.some((p) => {
      const v = valueAt(doc, p);
      return v === LOOSE || rankOf(v) === 0;
    });
  }

  private compare = (a: Document, b: Document): number => {
    for (let i = 0; i < this.paths.length; i++) {
      const c = compareValues(valueAt(a, this.paths[i]!), valueAt(b, this.paths[i]!));
      if (c) return c * this.directions[i]!;
    }
    return this.seq(a) - this.seq(b);
  };

  /** Built on first use, so that opening a large database does not sort every index of it. */
  build(docs: Iterable<Document>): void {
    // Each key read once, not once per comparison.
    const entries: Array<{ doc: Document; key: unknown[]; seq: number }> = [];
    this.loose.clear();
    for (const doc of docs) {
      if (this.isLoose(doc)) this.loose.add(doc);
      else entries.push({ doc, key: this.paths.map((p) => valueAt(doc, p)), seq: this.seq(doc) });
    }
    entries.sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) {
        const c = compareValues(a.key[i], b.key[i]);
        if (c) return c * this.directions[i]!;
      }
      return a.seq - b.seq;
    });
    this.sorted = entries.map((e) => e.doc);
  }

  /** The first position in the sorted documents where `before(doc)` is false. */
  private static search(sorted: Document[], before: (doc: Document) => boolean): number {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(sorted[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(doc: Document): void {
    if (!this.sorted) return;
    if (this.isLoose(doc)) {
      this.loose.add(doc);
      return;
    }
    const at = QueryIndex.search(this.sorted, (other) => this.compare(other, doc) < 0);
    this.sorted.splice(at, 0, doc);
  }

  remove(doc: Document): void {
    if (!this.sorted || this.loose.delete(doc)) return;
    const at = QueryIndex.search(this.sorted, (other) => this.compare(other, doc) < 0);
    if (this.sorted[at] === doc) this.sorted.splice(at, 1);
  }

  /**
   * How this index serves the filter's constraints and the sort, or undefined if it cannot.
   * Its fields are used in order: any number pinned to values, then at most one range.
   */
  plan(constraints: Map<string, Constraint>, sort: Record<string, 1 | -1> | undefined): IndexPlan | undefined {
    let combinations: unknown[][] = [[]];
    let range: IndexPlan['range'];
    const pinned = new Set<string>();
    let used = 0;
    for (const field of this.fields) {
      const constraint = constraints.get(field);
      if (!constraint) break;
      if ('points' in constraint) {
        if (combinations.length * constraint.points.length > MAX_COMBINATIONS) break;
        combinations = combinations.flatMap((prefix) => constraint.points.map((p) => [...prefix, p]));
        if (constraint.points.length === 1) pinned.add(field);
        used++;
      } else {
        range = constraint;
        break;
      }
    }
    // The slice is in key order from the first field after the prefix; a sort that starts with
    // those fields (skipping the ones pinned) can stop early once a limit is reached.
    let sortFields = 0;
    let reverse = false;
    if (sort && combinations.length === 1 && !this.loose.size) {
      const keys = Object.entries(sort).filter(([field]) => !pinned.has(field));
      for (let i = 0; i < keys.length && used + i < this.fields.length; i++) {
        const [field, dir] = keys[i]!;
        if (field !== this.fields[used + i]) break;
        const flipped = (dir < 0 ? -1 : 1) !== this.directions[used + i];
        if (i === 0) reverse = flipped;
        else if (flipped !== reverse) break;
        sortFields = i + 1;
      }
    }
    if (!used && !range && !sortFields) return undefined;
    return { index: this, combinations, range, pinned, sortFields, reverse };
  }

  /** Where a document stands against one slice: before it, in it (0) or after it. */
  private position(doc: Document, prefix: unknown[], range: IndexPlan['range']): number {
    for (let i = 0; i < prefix.length; i++) {
      const c = compareValues(valueAt(doc, this.paths[i]!), prefix[i]);
      if (c) return c * this.directions[i]!;
    }
    if (!range) return 0;
    const dir = this.directions[prefix.length]!;
    const v = valueAt(doc, this.paths[prefix.length]!);
    const rank = rankOf(v);
    if (rank !== range.rank) return (rank < range.rank ? -1 : 1) * dir;
    if (range.lo !== undefined) {
      const c = compareValues(v, range.lo);
      if (c < 0 || (c === 0 && !range.loInclusive)) return -dir;
    }
    if (range.hi !== undefined) {
      const c = compareValues(v, range.hi);
      if (c > 0 || (c === 0 && !range.hiInclusive)) return dir;
    }
    return 0;
  }

  private bounds(prefix: unknown[], range: IndexPlan['range']): [number, number] {
    const sorted = this.sorted!;
    return [
      QueryIndex.search(sorted, (doc) => this.position(doc, prefix, range) < 0),
      QueryIndex.search(sorted, (doc) => this.position(doc, prefix, range) <= 0),
    ];
  }

  /** How many ordered documents one slice holds. */
  count(prefix: unknown[], range: IndexPlan['range']): number {
    const [start, end] = this.bounds(prefix, range);
    return end - start;
  }

  /** The documents of one slice, in key order, or reversed. */
  *slice(prefix: unknown[], range: IndexPlan['range'], reverse = false): Generator<Document> {
    const sorted = this.sorted!;
    const [start, end] = this.bounds(prefix, range);
    if (reverse) for (let i = end - 1; i >= start; i--) yield sorted[i]!;
    else for (let i = start; i < end; i++) yield sorted[i]!;
  }

  /** Documents the index cannot order: every plan tests them too. */
  get unordered(): ReadonlySet<Document> {
    return this.loose;
  }

  /** Whether two documents have the same values in the first `count` fields after `from`. */
  sameKey(a: Document, b: Document, from: number, count: number): boolean {
    for (let i = from; i < from + count; i++) {
      if (compareValues(valueAt(a, this.paths[i]!), valueAt(b, this.paths[i]!))) return false;
    }
    return true;
  }
}
