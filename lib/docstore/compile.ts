/**
 * MongoDB filters and sorts as SQL over a collection's table (`id` the `_id` as its JSON text,
 * `body` the document as JSON), and each declared index as SQLite indexes on the same expressions,
 * so that SQLite's planner finds them.
 *
 * A field is read as two values: its type, ranked in MongoDB's order of types (`rankOf`), and the
 * value `body ->> '$.field'` gives (numbers, text, 1 and 0 for booleans, and the JSON text of an
 * ObjectId or a date, which orders as they do). Comparing both brackets types as MongoDB does (`$gt:
 * 5` matches no string) and sorts in its order.
 *
 * Only the fields of declared indexes are compiled, and only the operators below. A field that has
 * held an array is compared through the key table of its single-field index (`keysStatements`:
 * each element, or the value itself, kept by triggers, as MongoDB's multikey indexes keep them);
 * without one, it is left to mingo. What SQL does not say is tested by mingo on the rows SQL has
 * narrowed: the SQL is always a superset of the answer, and `exact` when it is the answer.
 */
import { ObjectId, type Document } from 'mongodb';
import type { SQLInputValue } from 'node:sqlite';
import { encode, idValue } from './codec.ts';

export interface IndexSpec {
  name: string;
  key: Record<string, 1 | -1>;
  unique: boolean;
  /** Documents that have none of the key's fields are left out of the index, as in MongoDB. */
  sparse: boolean;
  /** A TTL index's lifetime: kept, not enforced. */
  expireAfterSeconds?: number;
}

export interface Fragment {
  sql: string;
  params: SQLInputValue[];
}

export interface Where extends Fragment {
  /** False when mingo must test the rows the SQL selects. */
  exact: boolean;
}

/** What SQL may compare of a collection's fields. */
export interface Compilable {
  /** The field is in an index and has never held an array: its value is compared. */
  value(path: string): boolean;
  /** The key table of the field's single-field index, once the field has held an array. */
  keys(path: string): string | undefined;
}

/** An identifier (table, index) quoted for SQL. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Paths SQL can name: no operators, no array positions. */
export function plainPath(path: string): boolean {
  return path.split('.').every((part) => part !== '' && !part.startsWith('$') && !/^\d+$/.test(part));
}

function jsonPath(path: string): string {
  return `$${path.split('.').map((part) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part) ? `.${part}` : `."${part.replaceAll('"', '\\"')}"`)).join('')}`;
}

/** MongoDB's order of types; missing is NULL, first. */
const RANK = { null: 1, number: 2, string: 3, object: 4, array: 5, objectId: 7, boolean: 8, date: 9 } as const;

/** The rank of a JSON value of this type; `member` is the type of one of its members, which tells dates and ObjectIds apart. */
function rankSql(type: string, member: (key: string) => string): string {
  return `(CASE ${type} WHEN 'null' THEN ${RANK.null} WHEN 'integer' THEN ${RANK.number} WHEN 'real' THEN ${RANK.number} ` +
    `WHEN 'text' THEN ${RANK.string} WHEN 'object' THEN CASE WHEN ${member('$oid')} IS NOT NULL THEN ${RANK.objectId} ` +
    `WHEN ${member('$date')} IS NOT NULL THEN ${RANK.date} ELSE ${RANK.object} END ` +
    `WHEN 'array' THEN ${RANK.array} WHEN 'true' THEN ${RANK.boolean} WHEN 'false' THEN ${RANK.boolean} END)`;
}

/** The type's rank, as SQL: what every index and every query on the field names alike. */
export function rankExpr(path: string, body = 'body'): string {
  const at = jsonPath(path);
  return rankSql(`json_type(${body}, ${literal(at)})`, (key) => `json_type(${body}, ${literal(`${at}."${key}"`)})`);
}

export function valueExpr(path: string, body = 'body'): string {
  return `(${body} ->> ${literal(jsonPath(path))})`;
}

/** The rank of a value SQL compares; undefined for what it does not (arrays, sub-documents, regular expressions...). */
function rankOf(value: unknown): number | undefined {
  if (value === null) return RANK.null;
  if (typeof value === 'number') return Number.isFinite(value) ? RANK.number : undefined;
  if (typeof value === 'string') return RANK.string;
  if (typeof value === 'boolean') return RANK.boolean;
  if (value instanceof ObjectId) return RANK.objectId;
  if (value instanceof Date) return encode(value).startsWith('{"$date":"') ? RANK.date : undefined;
  return undefined;
}

/** The value `valueExpr` gives for a value of a ranked type. */
function sqlValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ObjectId || value instanceof Date) return encode(value);
  return value as SQLInputValue;
}

function and(parts: Array<Fragment | null>): Fragment | null {
  const given = parts.filter((part): part is Fragment => part !== null);
  if (!given.length) return null;
  if (given.length === 1) return given[0]!;
  return { sql: given.map((part) => `(${part.sql})`).join(' AND '), params: given.flatMap((part) => part.params) };
}

/** Null (no condition) when a branch has none. */
function or(parts: Array<Fragment | null>): Fragment | null {
  if (parts.some((part) => part === null)) return null;
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((part) => `(${part!.sql})`).join(' OR '), params: parts.flatMap((part) => part!.params) };
}

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type RangeOp = keyof typeof RANGE;

/** The `id` values of one type, as bounds: numbers sort below text, text below blobs (lib/docstore/codec.ts `idValue`). */
const blob = (text: string) => Buffer.from(text);
const ID_TYPES: Array<{ is: (v: unknown) => boolean; first?: SQLInputValue; past?: SQLInputValue }> = [
  { is: (v) => typeof v === 'number' && Number.isFinite(v), past: '' },
  { is: (v) => typeof v === 'string', first: '', past: blob('') },
  // ObjectIds' text is `{"$oid":"` then hex digits, below `g`; a date's, `{"$date":"` and its ISO text.
  { is: (v) => v instanceof ObjectId, first: blob('{"$oid":"'), past: blob('{"$oid":"g') },
  { is: (v) => v instanceof Date && rankOf(v) === RANK.date, first: blob('{"$date":"'), past: blob('{"$date":"~') },
];

/**
 * A field of this rank; and present, which the rank says already, in the very words of a sparse
 * index's condition (`indexStatements`), without which SQLite does not see that the index holds it.
 */
const typed = (path: string, rank: number) => `${rankExpr(path)} = ${rank} AND ${rankExpr(path)} IS NOT NULL`;

const isOperators = (value: unknown): value is Document =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).some((key) => key.startsWith('$'));

class Compiler {
  exact = true;
  private readonly compilable: Compilable;
  constructor(compilable: Compilable) {
    this.compilable = compilable;
  }

  private residual(): null {
    this.exact = false;
    return null;
  }

  filter(filter: Document): Fragment | null {
    const parts: Array<Fragment | null> = [];
    for (const [key, condition] of Object.entries(filter)) {
      if (key === '$and' && Array.isArray(condition)) parts.push(and(condition.map((part: Document) => this.filter(part))));
      else if (key === '$or' && Array.isArray(condition) && condition.length) parts.push(or(condition.map((part: Document) => this.filter(part))));
      else if (key.startsWith('$')) parts.push(this.residual());
      else parts.push(this.field(key, condition));
    }
    return and(parts);
  }

  private field(path: string, condition: unknown): Fragment | null {
    const keys = path !== '_id' && plainPath(path) ? this.compilable.keys(path) : undefined;
    if (keys) return this.element(keys, condition);
    if (path !== '_id' && !(plainPath(path) && this.compilable.value(path))) return this.residual();
    if (!isOperators(condition)) return this.equal(path, condition);
    return and(Object.entries(condition).map(([op, value]) => {
      if (op === '$eq') return this.equal(path, value);
      if (op === '$in') return this.in(path, value);
      if (op in RANGE) return this.range(path, op as RangeOp, value);
      if (op === '$exists' && path !== '_id' && typeof value === 'boolean') return { sql: `${rankExpr(path)} IS ${value ? 'NOT ' : ''}NULL`, params: [] };
      return this.residual();
    }));
  }

  /** An equality or `$in` on a field that holds arrays: the documents one of whose elements (or whose value) is one of the values. */
  private element(keys: string, condition: unknown): Fragment | null {
    const ops = isOperators(condition) ? Object.entries(condition) : [['$eq', condition] as const];
    return and(ops.map(([op, value]) => {
      const values = op === '$eq' ? [value] : op === '$in' && Array.isArray(value) ? value : null;
      const ranks = values?.map(rankOf);
      if (!values || !ranks || ranks.some((rank) => rank === undefined || rank === RANK.null)) return this.residual();
      const matches = values.map((v, i) => `(rank = ${ranks[i]} AND value = ?)`).join(' OR ') || '0';
      return { sql: `rowid IN (SELECT doc FROM ${quote(keys)} WHERE ${matches})`, params: values.map(sqlValue) };
    }));
  }

  private equal(path: string, value: unknown): Fragment | null {
    if (path === '_id') {
      return value === undefined || value instanceof RegExp || Array.isArray(value) || isOperators(value) ? this.residual() : { sql: 'id = ?', params: [idValue(value)] };
    }
    if (value === null || value === undefined) return { sql: `${rankExpr(path)} IS NULL OR ${rankExpr(path)} = ${RANK.null}`, params: [] };
    const rank = rankOf(value);
    if (rank === undefined) return this.residual();
    return { sql: `${typed(path, rank)} AND ${valueExpr(path)} = ?`, params: [sqlValue(value)] };
  }

  private in(path: string, list: unknown): Fragment | null {
    if (!Array.isArray(list)) return this.residual();
    if (path === '_id') {
      if (list.some((value) => value === undefined || value instanceof RegExp || Array.isArray(value) || isOperators(value))) return this.residual();
      return { sql: `id IN (${list.map(() => '?').join(', ')})`, params: list.map(idValue) };
    }
    const byRank = new Map<number, unknown[]>();
    for (const value of list) {
      const rank = value === undefined ? RANK.null : rankOf(value);
      if (rank === undefined) return this.residual();
      byRank.set(rank, [...(byRank.get(rank) ?? []), value]);
    }
    if (!byRank.size) return { sql: '0', params: [] };
    return or([...byRank].map(([rank, values]) => (rank === RANK.null
      ? this.equal(path, null)
      : { sql: `${typed(path, rank)} AND ${valueExpr(path)} IN (${values.map(() => '?').join(', ')})`, params: values.map(sqlValue) })));
  }

  private range(path: string, op: RangeOp, value: unknown): Fragment | null {
    const below = op === '$lt' || op === '$lte';
    if (path === '_id') {
      const type = ID_TYPES.find((t) => t.is(value));
      if (!type) return this.residual();
      const bracket = below ? type.first : type.past;
      const range = this.bound('id', op, typeof value === 'string' ? value : idValue(value));
      return bracket === undefined ? range : and([range, { sql: `id ${below ? '>=' : '<'} ?`, params: [bracket] }]);
    }
    const rank = rankOf(value);
    if (rank === undefined || rank === RANK.null) return this.residual();
    return and([{ sql: typed(path, rank), params: [] }, this.bound(valueExpr(path), op, sqlValue(value))]);
  }

  /**
   * `column op value`. SQLite orders text by code point, JavaScript by UTF-16 unit: they agree on
   * every string below U+D800. A bound past that is cut to one below it that holds the same strings.
   * An upper bound that is a prefix then U+FFFF, as a search by the start of a text writes it, is
   * the strings that start with the prefix: exact but for a string holding U+FFFF (a noncharacter,
   * found in no text) right after it.
   */
  private bound(column: string, op: RangeOp, value: SQLInputValue): Fragment | null {
    const cut = typeof value === 'string' ? value.search(/[\ud800-\uffff]/) : -1;
    if (typeof value !== 'string' || cut < 0) return { sql: `${column} ${RANGE[op]} ?`, params: [value] };
    const startsWith = op === '$lt' && cut > 0 && /^\uffff+$/.test(value.slice(cut));
    if (!startsWith) this.exact = false;
    const prefix = value.slice(0, cut);
    if (op === '$gt' || op === '$gte') return { sql: `${column} >= ?`, params: [prefix] };
    if (!prefix) return null;
    const next = prefix.charCodeAt(prefix.length - 1) + 1;
    return { sql: `${column} < ?`, params: [prefix.slice(0, -1) + String.fromCharCode(next === 0xd800 ? 0xe000 : next)] };
  }
}

export function compileFilter(filter: Document | undefined, compilable: Compilable): Where {
  const compiler = new Compiler(compilable);
  const where = compiler.filter(filter ?? {});
  return { sql: where?.sql ?? '1', params: where?.params ?? [], exact: compiler.exact };
}

export interface SortTerm {
  expr: string;
  order: 'ASC' | 'DESC';
}

/**
 * The terms of ORDER BY for a sort, ties in insertion order (the rowid) unless `_id` breaks them;
 * null when a field cannot be sorted by SQL (mingo sorts those).
 */
export function sortTerms(sort: Record<string, 1 | -1> | undefined, compilable: Compilable): SortTerm[] | null {
  const terms: SortTerm[] = [];
  for (const [path, direction] of Object.entries(sort ?? {})) {
    const order = direction === -1 ? 'DESC' : 'ASC';
    if (path === '_id') return [...terms, { expr: 'id', order }];
    if (!plainPath(path) || !compilable.value(path)) return null;
    terms.push({ expr: rankExpr(path), order }, { expr: valueExpr(path), order });
  }
  return [...terms, { expr: 'rowid', order: 'ASC' }];
}

export const orderBy = (terms: readonly SortTerm[]) => terms.map(({ expr, order }) => `${expr} ${order}`).join(', ');

export function compileSort(sort: Record<string, 1 | -1> | undefined, compilable: Compilable): string | null {
  const terms = sortTerms(sort, compilable);
  return terms && orderBy(terms);
}

/** The key's fields other than `_id`. */
const fieldsOf = (spec: IndexSpec) => Object.keys(spec.key).filter((path) => path !== '_id');

/**
 * The SQLite indexes for a declared one: its key's types and values, partial when sparse. SQLite
 * lets any number of NULLs share a unique key, MongoDB one missing or null value: a second unique
 * index holds the documents whose key has one, with the missing ones as null.
 */
export function indexStatements(table: string, spec: IndexSpec): string[] {
  const name = `${table}.${spec.name}`;
  const columns = Object.entries(spec.key).map(([path, direction]) => {
    const order = direction === -1 ? ' DESC' : '';
    return path === '_id' ? `id${order}` : `${rankExpr(path)}${order}, ${valueExpr(path)}${order}`;
  });
  const fields = fieldsOf(spec);
  const present = spec.sparse && fields.length ? `(${fields.map((path) => `${rankExpr(path)} IS NOT NULL`).join(' OR ')})` : '';
  const statements = [`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX ${quote(name)} ON ${quote(table)} (${columns.join(', ')})${present ? ` WHERE ${present}` : ''}`];
  if (spec.unique && fields.length) {
    const nullable = Object.keys(spec.key).map((path) => (path === '_id' ? 'id' : `ifnull(${rankExpr(path)}, ${RANK.null}), ifnull(${valueExpr(path)}, 0)`));
    const someNull = `(${fields.map((path) => `${valueExpr(path)} IS NULL`).join(' OR ')})`;
    statements.push(`CREATE UNIQUE INDEX ${quote(`${name}.nulls`)} ON ${quote(table)} (${nullable.join(', ')}) WHERE ${present ? `${present} AND ` : ''}${someNull}`);
  }
  return statements;
}

/** Rows that break the index's uniqueness: those holding one key twice, for the message. */
export function duplicateQuery(table: string, spec: IndexSpec): string {
  const key = Object.keys(spec.key).map((path) => (path === '_id' ? 'id' : `ifnull(${rankExpr(path)}, ${RANK.null}), ifnull(${valueExpr(path)}, 0)`));
  const present = spec.sparse && fieldsOf(spec).length ? ` WHERE ${fieldsOf(spec).map((path) => `${rankExpr(path)} IS NOT NULL`).join(' OR ')}` : '';
  return `SELECT max(body) AS body FROM ${quote(table)}${present} GROUP BY ${key.join(', ')} HAVING count(*) > 1 LIMIT 1`;
}

/** The key table of a single-field index whose field holds arrays. */
export const keysTable = (table: string, spec: IndexSpec) => `${table}.${spec.name}.keys`;

/** The key rows of one document: an element of the field's array each, or its value. */
function keyRows(path: string, body: string, rowid: string, from = ''): string {
  const at = literal(jsonPath(path));
  const element = rankSql('type', (key) => `json_type(value, ${literal(`$."${key}"`)})`);
  return `SELECT ${element}, value, ${rowid} FROM ${from ? `${from}, ` : ''}json_each(${body}, ${at}) WHERE json_type(${body}, ${at}) = 'array' ` +
    `UNION ALL SELECT ${rankExpr(path, body)}, ${valueExpr(path, body)}, ${rowid}${from ? ` FROM ${from}` : ''} WHERE json_type(${body}, ${at}) <> 'array'`;
}

/**
 * MongoDB's multikey index, for a single-field index once its field has held an array: a table of
 * (rank, value, document) rows, filled from the rows there and kept by triggers.
 */
export function keysStatements(table: string, spec: IndexSpec): string[] {
  const keys = quote(keysTable(table, spec));
  const path = fieldsOf(spec)[0]!;
  const trigger = (name: string, event: string, body: string) => `CREATE TRIGGER ${quote(`${keysTable(table, spec)}.${name}`)} AFTER ${event} ON ${quote(table)} BEGIN ${body}; END`;
  const fill = (body: string, rowid: string) => `INSERT INTO ${keys} (rank, value, doc) ${keyRows(path, body, rowid)}`;
  const clear = `DELETE FROM ${keys} WHERE doc = old.rowid`;
  return [
    `CREATE TABLE ${keys} (rank INTEGER, value, doc INTEGER NOT NULL)`,
    `CREATE INDEX ${quote(`${keysTable(table, spec)}.value`)} ON ${keys} (rank, value)`,
    `CREATE INDEX ${quote(`${keysTable(table, spec)}.doc`)} ON ${keys} (doc)`,
    `INSERT INTO ${keys} (rank, value, doc) ${keyRows(path, 'd.body', 'd.rowid', `${quote(table)} AS d`)}`,
    trigger('insert', 'INSERT', fill('new.body', 'new.rowid')),
    trigger('update', 'UPDATE OF body', `${clear}; ${fill('new.body', 'new.rowid')}`),
    trigger('delete', 'DELETE', clear),
  ];
}

export function dropKeysStatements(table: string, spec: IndexSpec): string[] {
  const name = keysTable(table, spec);
  return [...['insert', 'update', 'delete'].map((event) => `DROP TRIGGER IF EXISTS ${quote(`${name}.${event}`)}`), `DROP TABLE IF EXISTS ${quote(name)}`];
}

/** Whether any row holds an array at the path or on the way to it. */
export function arrayQuery(table: string, path: string): string {
  const parts = path.split('.');
  const steps = parts.map((_, i) => `json_type(body, ${literal(jsonPath(parts.slice(0, i + 1).join('.')))}) = 'array'`);
  // A step inside an array: `$.a.b` reads nothing when `a` is one, so each step is tested on its own.
  return `SELECT 1 FROM ${quote(table)} WHERE ${steps.join(' OR ')} LIMIT 1`;
}

export { fieldsOf };
