/**
 * Documents kept on disk only ("cold"): closed orders older than COLD_ORDER_DAYS. The writer does
 * not load them at start and drops them from memory as they age (lib/db/embedded.ts sweeps), so
 * memory and start-up follow the open orders, not the history. A query reads them from SQLite
 * through partial expression indexes that mirror the collection's declared indexes (the same
 * equality, `$in` and range prefixes lib/db/query-index.ts serves in memory), tests each against
 * the whole filter with mingo, and the collection merges them with the documents in memory.
 */
import { ObjectId, type Document } from 'mongodb';
import { decodeEjson } from './document-codec.ts';
import { compareValues, constraintsOf, sortable, type Constraint } from './query-index.ts';
import { sqlString, type SqliteFile, type SQLParam } from './sqlite-file.ts';
import { getPath, readStats, valueKey, type IndexSpec, type Store } from './store.ts';

const DAY_MS = 86_400_000;
const DEFAULT_COLD_DAYS = 30;
const CLOSED_ORDER_STATUSES = ['completed', 'cancelled'];

/** A field as a JSON path of SQLite's JSON functions (for a field `usableField` accepts). */
export const jsonPath = (field: string) => `$.${field.split('.').map((part) => `"${part}"`).join('.')}`;

/** Which documents of a collection go cold once `cutoff` has passed: in memory, and as SQL over a row's body. */
export interface ColdRule {
  collection: string;
  test(doc: Document, cutoff: Date): boolean;
  where: string;
  params(cutoff: Date): SQLParam[];
}

/** Orders closed (completed or cancelled) and paid before the cutoff; nothing else. */
export const COLD_RULES: readonly ColdRule[] = [
  {
    collection: 'payments',
    test: (doc, cutoff) => CLOSED_ORDER_STATUSES.includes(doc.status) && doc.data instanceof Date && doc.data < cutoff,
    where: `json_extract(body, '$."status"') IN (${CLOSED_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}) AND ${fieldSql('data')} < ?`,
    params: (cutoff) => [cutoff.toISOString()],
  },
];

/**
 * Which documents of a collection are held compact in memory (Store.holdCompact): those that
 * rarely change any more, whose body is read from disk when a query needs more of it. A compact
 * document keeps `_id` and either only `keep` and its indexes' fields, or all but `omit`.
 */
export interface CompactRule {
  collection: string;
  settled(doc: Document, now: Date): boolean;
  /** `settled` as SQL over a row's body. */
  settledWhere(now: Date): string;
  keep?: readonly string[];
  omit?: readonly string[];
}

const ROLLUP_LISTS = ['counted', 'cancelledIds', 'refundIds'];
/** A day's rollup changes on its day and the next (a late cancellation, a refund): after that it has settled. */
const settledDay = (now: Date) => new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);

export const COMPACT_RULES: readonly CompactRule[] = [
  // A closed order changes only by a late refund or a webhook: its indexed fields and what
  // makes it cold are kept, the lines and the history are read when it is tested or shown.
  {
    collection: 'payments',
    settled: (doc) => CLOSED_ORDER_STATUSES.includes(doc.status),
    settledWhere: () => `json_extract(body, '$."status"') IN (${CLOSED_ORDER_STATUSES.map(sqlString).join(', ')})`,
    keep: ['status', 'data'],
  },
  // A past day's figures are read by every statistic and report, but its lists of the ids
  // counted (one per order of the day: the history's size) only by a write that counts one more.
  {
    collection: 'dailyRollups',
    settled: (doc, now) => typeof doc._id === 'string' && doc._id < settledDay(now),
    settledWhere: (now) => `json_type(body, '$."_id"') = 'text' AND json_extract(body, '$."_id"') < ${sqlString(settledDay(now))}`,
    omit: ROLLUP_LISTS,
  },
];

/** COLD_ORDER_DAYS: how long a closed order stays in memory (0: not at all). */
export function coldOrderDays(value = process.env.COLD_ORDER_DAYS): number {
  if (value === undefined || value === '') return DEFAULT_COLD_DAYS;
  const days = Number(value);
  if (!Number.isFinite(days) || days < 0) throw new Error(`COLD_ORDER_DAYS must be a number of days, 0 or more (it is "${value}")`);
  return days;
}

export const coldCutoff = (days: number, now = new Date()) => new Date(now.getTime() - days * DAY_MS);

export const usableField = (field: string) => field === '_id' || /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(field);

/**
 * A field of a row's body as SQL: a date as its ISO text with milliseconds (relaxed EJSON leaves
 * them out when zero, which would misorder the text), an `_id` as the row's key, anything else
 * as json_extract gives it (an ObjectId as its `{"$oid":…}` text, which orders as its bytes).
 */
function fieldSql(field: string): string {
  if (field === '_id') return 'id';
  const path = jsonPath(field);
  return `(CASE WHEN json_type(body, '${path}."$date"') = 'text' THEN strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(body, '${path}."$date"')) ELSE json_extract(body, '${path}') END)`;
}

/**
 * SQLite orders text by UTF-8 bytes (code points), JavaScript by UTF-16 units: they differ only
 * from U+D800 on. A string bound is cut before its first such unit, to a bound that holds every
 * string the original holds in either order: a lower bound to what comes before the cut (with
 * it, inclusive), an upper one to just after it (exclusive), so a search's `$lt: prefix + '\uffff'`
 * still reads its slice. Undefined when nothing comes before the cut: the bound is then not used.
 */
function textBound(value: string, side: 'lo' | 'hi', inclusive: boolean): { value: string; inclusive: boolean } | undefined {
  const cut = value.search(/[\uD800-\uFFFF]/);
  if (cut < 0) return { value, inclusive };
  if (cut === 0) return undefined;
  const kept = value.slice(0, cut);
  if (side === 'lo') return { value: kept, inclusive: true };
  const last = kept.charCodeAt(cut - 1);
  return { value: kept.slice(0, -1) + String.fromCharCode(last + 1 === 0xd800 ? 0xe000 : last + 1), inclusive: false };
}

/** A value as the SQL of fieldSql compares it; undefined when it has no such form (the field is then not used). */
function sqlValue(field: string, value: unknown, { range = false } = {}): SQLParam | undefined {
  if (field === '_id') return range && !(value instanceof ObjectId) ? undefined : valueKey(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) {
    const year = value.getUTCFullYear();
    return year >= 1970 && year <= 9999 ? value.toISOString() : undefined;
  }
  if (value instanceof ObjectId) return valueKey(value);
  return undefined;
}

/** The SQL conditions an index's fields give a filter's constraints: equalities and `$in` on a prefix, then one range. */
function conditionsFor(fields: readonly string[], constraints: Map<string, Constraint>) {
  const conditions: string[] = [];
  const params: SQLParam[] = [];
  const pinned = new Set<string>();
  const used: string[] = [];
  for (const field of fields) {
    const constraint = constraints.get(field);
    if (!constraint || !usableField(field)) break;
    const sql = fieldSql(field);
    if ('points' in constraint) {
      const nulls = constraint.points.some((p) => p === null || p === undefined);
      const values = constraint.points.filter((p) => p !== null && p !== undefined).map((p) => sqlValue(field, p));
      if (values.some((v) => v === undefined)) break;
      const parts = [...(values.length ? [`${sql} IN (${values.map(() => '?').join(', ')})`] : []), ...(nulls ? [`${sql} IS NULL`] : [])];
      conditions.push(`(${parts.join(' OR ')})`);
      params.push(...(values as SQLParam[]));
      used.push(field);
      if (constraint.points.length === 1) pinned.add(field);
      continue;
    }
    const bound = (value: unknown, side: 'lo' | 'hi', inclusive: boolean) => {
      if (value === undefined) return undefined;
      if (typeof value === 'string' && field !== '_id') return textBound(value, side, inclusive);
      const param = sqlValue(field, value, { range: true });
      return param === undefined ? undefined : { value: param, inclusive };
    };
    const lo = bound(constraint.lo, 'lo', constraint.loInclusive);
    const hi = bound(constraint.hi, 'hi', constraint.hiInclusive);
    if (lo) {
      conditions.push(`${sql} ${lo.inclusive ? '>=' : '>'} ?`);
      params.push(lo.value);
    }
    if (hi) {
      conditions.push(`${sql} ${hi.inclusive ? '<=' : '<'} ?`);
      params.push(hi.value);
    }
    if (lo || hi) used.push(field);
    break;
  }
  return { conditions, params, pinned, used };
}

interface ColdQuery {
  conditions: string[];
  params: SQLParam[];
  pinned: Set<string>;
  /** The filter's fields the conditions bound. */
  used: string[];
  /** The partial index to read (SQLite, which has no statistics on them, might scan instead). */
  index?: string;
  /** Whether the index holds the sort's order, so SQLite reads it in that order without sorting. */
  ordered?: boolean;
  /**
   * The filter's other fields that a declared index names, as conditions SQLite tests on a row
   * before it is decoded (a body costs far more to decode than to test in SQL).
   */
  rest?: { conditions: string[]; params: SQLParam[] };
}

const indexName = (collection: string, spec: { name: string }) => `cold_${collection}_${spec.name.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** Whether, after the fields the filter pins, the index's fields hold the sort's order. */
function servesSort(fields: readonly string[], pinned: ReadonlySet<string>, sort: Record<string, 1 | -1> | undefined): boolean {
  const keys = Object.keys(sort ?? {}).filter((field) => !pinned.has(field));
  const rest = fields.filter((field) => !pinned.has(field));
  return keys.length > 0 && keys.every((field, i) => rest[i] === field);
}

/** Whether `doc` comes strictly after `other` on these sort keys (as mingo sorts); false when a value is not one both order alike. */
function sortsAfter(keys: ReadonlyArray<[string, 1 | -1]>, doc: Document, other: Document): boolean {
  for (const [field, dir] of keys) {
    const a = getPath(doc, field);
    const b = getPath(other, field);
    if (!sortable(a) || !sortable(b)) return false;
    const c = compareValues(a, b);
    if (c) return c * dir > 0;
  }
  return false;
}

/**
 * The condition that leaves out the rows sorting after `until` on the sort's first key (ties
 * stay): none of them can make the cut, and without it SQLite would sort every row of the slice
 * (a search's common prefix: 124,000 of them at 1,000,000 orders) for the walk to stop at the first.
 */
function cutAt([field, dir]: [string, 1 | -1], until: Document): { conditions: string[]; params: SQLParam[] } | undefined {
  const value = getPath(until, field);
  if (!sortable(value)) return undefined;
  const side: Constraint = dir < 0 ? { rank: 0, lo: value, loInclusive: true, hiInclusive: false } : { rank: 0, hi: value, hiInclusive: true, loInclusive: false };
  const { conditions, params } = conditionsFor([field], new Map([[field, side]]));
  if (!conditions.length) return undefined;
  // A missing field sorts first: in ascending order, its rows come before any value.
  return dir < 0 ? { conditions, params } : { conditions: [`((${conditions.join(' AND ')}) OR ${fieldSql(field)} IS NULL)`], params };
}

/** The collection's documents on disk only, read by what their indexes serve. */
export class ColdRows {
  private readonly file: SqliteFile;
  private readonly store: Store;
  private readonly from: string;
  /** False until a row of the collection is known to be cold: until then no query asks the disk. */
  present: boolean;
  /** The partial indexes there are (made at start, and by each sweep, for the indexes declared then). */
  private indexes = new Set<string>();

  constructor(file: SqliteFile, store: Store) {
    this.file = file;
    this.store = store;
    this.from = `FROM documents WHERE collection = ${sqlString(store.name)} AND cold = 1`;
    this.present = [...file.query(`SELECT 1 ${this.from} LIMIT 1`)].length > 0;
    this.indexes = ColdRows.existingIndexes(file, store.name);
  }

  private static existingIndexes(file: SqliteFile, collection: string): Set<string> {
    const prefix = `cold_${collection}_`;
    return new Set([...file.query<{ name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE ? ESCAPE '\\'", `${prefix.replaceAll('_', '\\_')}%`)].map((r) => r.name));
  }

  /** The sweep's: the partial indexes follow the declared ones before more rows go cold. */
  followIndexes(): void {
    ColdRows.ensureIndexes(this.file, this.store.name, this.store.indexes);
    this.indexes = ColdRows.existingIndexes(this.file, this.store.name);
  }

  count(): number {
    return [...this.file.query<{ n: number }>(`SELECT count(*) AS n ${this.from}`)][0]!.n;
  }

  /**
   * The partial indexes the reads use, one per declared index (named after it), and no others;
   * built over the cold rows only, so the documents in memory cost them nothing.
   */
  static ensureIndexes(file: SqliteFile, collection: string, specs: readonly IndexSpec[]): void {
    const wanted = new Map(specs.filter((spec) => Object.keys(spec.key).every(usableField)).map((spec) => [indexName(collection, spec), spec]));
    const existing = ColdRows.existingIndexes(file, collection);
    for (const name of existing) if (!wanted.has(name)) file.exec(`DROP INDEX "${name}"`);
    for (const [name, spec] of wanted) {
      if (existing.has(name)) continue;
      const columns = Object.entries(spec.key).map(([field, dir]) => `${fieldSql(field)} ${dir < 0 ? 'DESC' : 'ASC'}`);
      file.exec(`CREATE INDEX "${name}" ON documents (${columns.join(', ')}) WHERE collection = ${sqlString(collection)} AND cold = 1`);
    }
  }

  /** The start's sweep, before anything is loaded: rows the rule makes cold are marked so. */
  static sweep(file: SqliteFile, rule: ColdRule, cutoff: Date): number {
    return file.run(`UPDATE documents SET cold = 1 WHERE collection = ${sqlString(rule.collection)} AND cold IS NULL AND ${rule.where}`, ...rule.params(cutoff));
  }

  /**
   * An index's slice in an order it does not hold (insertion order, or a sort): its rowids sorted
   * first, from the index alone, then each row read in turn (those that pass `rest`), so a read
   * that stops early never sorts (or even reads) the bodies of the whole slice.
   */
  private *byRowids(sql: string, params: SQLParam[], rest: ColdQuery['rest'], known?: ReadonlyMap<string, Document>): Generator<Document> {
    const seqs = [...this.file.query<{ seq: number }>(sql, ...params)].map((row) => row.seq);
    readStats.listed += seqs.length;
    const where = rest?.conditions.length ? ` AND ${rest.conditions.join(' AND ')}` : '';
    for (const seq of seqs) yield* this.documents(`SELECT rowid AS seq, id, body FROM documents WHERE rowid = ?${where}`, [seq, ...(rest?.params ?? [])], known);
  }

  /** Rows read from disk, as documents, skipping those held in memory (a cold order written since) or deleted. */
  private *documents(sql: string, params: SQLParam[], known?: ReadonlyMap<string, Document>): Generator<Document> {
    for (const row of this.file.query<{ seq: number; id: string; body: string }>(sql, ...params)) {
      if (this.store.docs.has(row.id) || this.store.tombstones.has(row.id)) continue;
      const found = known?.get(row.id);
      if (found) {
        yield found;
        continue;
      }
      readStats.fromDisk++;
      yield this.store.placed(decodeEjson(row.body), row.seq);
    }
  }

  byKeys(keys: readonly string[]): Document[] {
    if (!this.present) return [];
    return keys.flatMap((key) => [...this.documents(`SELECT rowid AS seq, id, body ${this.from} AND id = ?`, [key])]);
  }

  /** Whether a document on disk only, other than those in `except`, has the key `doc` has under a unique index. */
  holds(fields: readonly string[], doc: Document, except: ReadonlySet<string>): boolean {
    if (!this.present) return false;
    const constraints = new Map<string, Constraint>(fields.map((field) => [field, { points: [getPath(doc, field) ?? null] }]));
    const query = conditionsFor(fields, constraints);
    if (query.conditions.length < fields.length) return this.all().some((other) => fields.every((f) => valueKey(getPath(other, f)) === valueKey(getPath(doc, f))) && !except.has(valueKey(other._id)));
    for (const other of this.documents(`SELECT rowid AS seq, id, body ${this.from} AND ${query.conditions.join(' AND ')}`, query.params)) {
      if (!except.has(valueKey(other._id))) return true;
    }
    return false;
  }

  /** Every document on disk only, in insertion order: what a filter no index serves reads. */
  all(): Document[] {
    if (!this.present) return [];
    return [...this.documents(`SELECT rowid AS seq, id, body ${this.from} ORDER BY rowid`, [])];
  }

  /**
   * The documents on disk only that pass `test`: in insertion order, the first `need` of them
   * when there is no sort, or with a sort, the first `need` in its order (read in that order,
   * through an index when one holds it). Through the declared index whose prefix the filter pins
   * most; with none, every cold row is read.
   */
  select(filter: Document, test: (doc: Document) => boolean, { sort, need, until }: { sort?: Record<string, 1 | -1>; need?: number; until?: Document }): Document[] {
    if (!this.present) return [];
    const { $or: branches, ...rest } = filter;
    if (Array.isArray(branches) && branches.length) {
      const queries = branches.map((branch: Document) => this.plan({ $and: [rest, branch] }, sort));
      if (queries.every((q) => q.conditions.length)) {
        const found = new Map<string, Document>();
        // Branches overlap (a search's email and name are often the same orders): a row an earlier
        // branch read is not decoded again.
        for (const query of queries) for (const doc of this.run(query, test, sort, need, until, found)) found.set(valueKey(doc._id), doc);
        return [...found.values()].sort((a, b) => this.store.seqOf(a) - this.store.seqOf(b));
      }
    }
    return this.run(this.plan(filter, need === undefined ? undefined : sort), test, sort, need, until);
  }

  /** The index whose prefix the filter pins most, and of those, one that holds the sort's order. */
  private plan(filter: Document, sort: Record<string, 1 | -1> | undefined): ColdQuery {
    const constraints = constraintsOf(filter);
    let best: ColdQuery = { conditions: [], params: [], pinned: new Set(), used: [] };
    let bestScore = 0;
    // `_id` is the primary key, which SQLite finds by itself.
    const specs: Array<{ key: Record<string, 1 | -1>; name?: string }> = [{ key: { _id: 1 } }, ...this.store.indexes.filter((spec) => Object.keys(spec.key).every(usableField))];
    for (const spec of specs) {
      const fields = Object.keys(spec.key);
      const query: ColdQuery = conditionsFor(fields, constraints);
      const score = query.conditions.length * 2 + (servesSort(fields, query.pinned, sort) ? 1 : 0);
      if (score <= bestScore) continue;
      if (spec.name !== undefined) {
        query.index = indexName(this.store.name, { name: spec.name });
        if (!this.indexes.has(query.index)) continue;
      }
      query.ordered = servesSort(fields, query.pinned, sort);
      best = query;
      bestScore = score;
    }
    // The cold reads assume an indexed field holds one value of one type (docs/embedded-database.md),
    // so its conditions hold on any row the filter matches, whichever index is read.
    const indexed = new Set(this.store.indexes.flatMap((spec) => Object.keys(spec.key)));
    best.rest = { conditions: [], params: [] };
    for (const field of constraints.keys()) {
      if (best.used.includes(field) || !indexed.has(field)) continue;
      const { conditions, params } = conditionsFor([field], constraints);
      best.rest.conditions.push(...conditions);
      best.rest.params.push(...params);
    }
    return best;
  }

  /**
   * With `until` (a document that sorts at or after the `need`-th already found in memory), a
   * read in the sort's order stops at the first row that sorts after it: nothing from there on
   * can make the cut.
   */
  private run(query: ColdQuery, test: (doc: Document) => boolean, sort: Record<string, 1 | -1> | undefined, need: number | undefined, until?: Document, known?: ReadonlyMap<string, Document>): Document[] {
    const { conditions, pinned, index, ordered, rest } = query;
    let { params } = query;
    const keys = sort && need !== undefined ? Object.entries(sort).filter(([field]) => !pinned.has(field)) : [];
    if (!keys.every(([field]) => usableField(field))) return this.run(query, test, undefined, undefined, undefined, known);
    // In the sort's order: ties keep insertion order, as in memory, because once `need` have
    // passed, the rows still tied with the last are read too and the caller sorts them (stably,
    // from insertion order). An order the index does not hold is sorted by SQLite on the keys
    // before `_id` alone: `_id` is a column of the row, which would read every row of the slice.
    const idAt = keys.findIndex(([field]) => field === '_id');
    const sortedBy = ordered || idAt <= 0 ? keys : keys.slice(0, idAt);
    const order = sortedBy.length ? sortedBy.map(([field, dir]) => `${fieldSql(field)} ${dir < 0 ? 'DESC' : 'ASC'}`) : ['rowid'];
    const tied = (a: Document, b: Document) => sortedBy.every(([field]) => valueKey(getPath(a, field)) === valueKey(getPath(b, field)));
    const beyond = (doc: Document) => until !== undefined && sortedBy.length > 0 && sortsAfter(sortedBy, doc, until);
    const cut = until && sortedBy.length ? cutAt(sortedBy[0]!, until) : undefined;
    const where = [...conditions, ...(cut?.conditions ?? [])].map((c) => ` AND ${c}`).join('');
    params = [...params, ...(cut?.params ?? [])];
    const matched: Document[] = [];
    const from = index ? this.from.replace('FROM documents', `FROM documents INDEXED BY "${index}"`) : this.from;
    const restWhere = rest?.conditions.length ? ` AND ${rest.conditions.join(' AND ')}` : '';
    // A walk the index holds, or every cold row in insertion order, reads the bodies as it goes.
    const streamed = keys.length ? ordered : !where;
    const rows = streamed
      ? this.documents(`SELECT rowid AS seq, id, body ${from}${where}${restWhere} ORDER BY ${order.join(', ')}`, [...params, ...(rest?.params ?? [])], known)
      : this.byRowids(`SELECT rowid AS seq ${from}${where} ORDER BY ${order.join(', ')}`, params, rest, known);
    let last: Document | undefined;
    for (const doc of rows) {
      if ((last && !tied(doc, last)) || beyond(doc)) break;
      readStats.examined++;
      if (!test(doc)) continue;
      matched.push(doc);
      if (need !== undefined && matched.length >= need) {
        if (!keys.length) break;
        last = doc;
      }
    }
    return keys.length ? matched.sort((a, b) => this.store.seqOf(a) - this.store.seqOf(b)) : matched;
  }
}
