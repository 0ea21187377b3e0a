/** Update operators, applied by mingo's updater, with MongoDB's rules around them. */
import { ObjectId, type Document } from 'mongodb';
import { update as applyUpdate } from 'mingo/updater';
import { clone, encode } from './codec.ts';
import { ServerError } from './errors.ts';
import { UPDATE_OPTIONS } from './mingo.ts';

export const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$setOnInsert']);

/** Refuses what is not an update this store applies, before anything is read. */
export function checkOperators(update: Document): void {
  const bad = Object.keys(update).find((op) => !UPDATE_OPERATORS.has(op));
  if (bad || !Object.keys(update).length) throw new Error(`Unsupported update operator ${bad ?? '(none)'}; use ${[...UPDATE_OPERATORS].join(', ')}`);
}

/** Two update paths that touch the same field: equal, or one inside the other. */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

function immutableId(): ServerError {
  return new ServerError("Performing an update on the path '_id' would modify the immutable field '_id'", 66);
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
    if (clash) throw new ServerError(`Updating the path '${clash}' would create a conflict at '${clash}'`, 40);
  }
  return operators;
}

function apply(doc: Document, operators: Document): string[] {
  // Setting `_id` to the value it has changes nothing (an upsert's filter and update may both
  // name it); giving a document without one its `_id` is an insert's right. Anything else is refused.
  const set = operators.$set as Document | undefined;
  if (set && '_id' in set) {
    if (doc._id === undefined) doc._id = clone(set._id);
    else if (encode(doc._id) !== encode(set._id)) throw immutableId();
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
    if (/would create a conflict/.test(message)) throw new ServerError(message.replace(/^updating/, 'Updating'), 40);
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
