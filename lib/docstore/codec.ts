/**
 * Documents as JSON text: relaxed EJSON (`{"$oid": …}`, `{"$date": …}`), so a row reads plainly in
 * any SQLite tool and `body ->> '$.field'` works, with one rule of our own: a date is always written
 * with its milliseconds (`2026-01-02T03:04:05.000Z`), which relaxed EJSON leaves out when they are
 * zero. Dates then order as their text, and an index on a date field is an index on that text.
 */
import { BSON, ObjectId, type Document } from 'mongodb';

const { EJSON } = BSON; // `import { EJSON } from 'mongodb'` is invisible to plain Node's ESM named-export detection

/** Years whose ISO text has four digits: outside them relaxed EJSON writes a number of milliseconds. */
const FIRST_ISO = Date.UTC(1970, 0, 1);
const LAST_ISO = Date.UTC(10000, 0, 1);

/** JSON.stringify's replacer sees `toJSON`'s result; the raw value is read from the holder instead. */
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) {
    const time = raw.getTime();
    return time >= FIRST_ISO && time < LAST_ISO ? { $date: raw.toISOString() } : EJSON.serialize(raw, { relaxed: true });
  }
  if (raw instanceof ObjectId) return { $oid: raw.toHexString() };
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { $numberDouble: String(raw) };
  if (raw !== null && typeof raw === 'object' && '_bsontype' in raw) return EJSON.serialize(raw, { relaxed: true });
  return value;
}

export function encode(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/**
 * Relaxed EJSON back to values. `EJSON.parse` gives the same values about three times slower; the
 * common types are done here.
 */
export function decode<T = Document>(text: string): T {
  return revive(JSON.parse(text)) as T;
}

function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const obj = value as Record<string, unknown>;
  // The keys are listed before any is written: writing into an object while `for...in` walks it
  // makes V8 throw this function's optimized code away.
  const keys = Object.keys(obj);
  const first = keys[0];
  if (first !== undefined && first.charCodeAt(0) === 36 /* $ */) {
    switch (first) {
      case '$oid':
        return new ObjectId(obj.$oid as string);
      case '$date': {
        const date = obj.$date as string | number | { $numberLong: string };
        return new Date(typeof date === 'object' ? Number(date.$numberLong) : date);
      }
      case '$numberInt':
      case '$numberDouble':
        return Number(obj[first]);
      default:
        return EJSON.deserialize(obj, { relaxed: true });
    }
  }
  for (let i = 0; i < keys.length; i++) obj[keys[i]!] = revive(obj[keys[i]!]);
  return obj;
}

/**
 * An `_id` as the table's `id` column holds it: a string as text, a number as a number, anything
 * else (an ObjectId, a date...) as the bytes of its JSON text. SQLite never finds a text equal to a
 * blob, and orders numbers, then text, then blobs, so the column is typed as MongoDB's `_id` is:
 * `sqlite3` shows a string id as it is, and ObjectIds order as their hex digits.
 */
export function idValue(id: unknown): string | number | Uint8Array {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  return Buffer.from(encode(id));
}

export function idFrom(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return decode(Buffer.from(value as Uint8Array).toString());
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

/** Whether the value at a dotted path, or on the way to it, is an array. */
export function crossesArray(doc: Document, dotted: string): boolean {
  let cur: unknown = doc;
  for (const part of dotted.split('.')) {
    if (Array.isArray(cur)) return true;
    cur = cur && typeof cur === 'object' ? (cur as Document)[part] : undefined;
  }
  return Array.isArray(cur);
}
