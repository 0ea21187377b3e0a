/**
 * Documents as text: relaxed EJSON, so the data file reads plainly in any SQLite tool
 * (`json_extract(body, '$.email')` works), and reads back into the same BSON values.
 */
import { BSON, ObjectId, type Document } from 'mongodb';

const { EJSON } = BSON;

export function encodeDocument(doc: Document): string {
  return EJSON.stringify(doc, { relaxed: true });
}

/**
 * Canonical or relaxed EJSON to values, relaxed as on write (canonical numbers would come back as
 * Int32/Double objects that no query matches). `EJSON.parse` gives the same values about three
 * times slower; that is the start-up time of a large database, so the common types are done here.
 */
export function decodeEjson<T = Document>(text: string): T {
  return revive(JSON.parse(text)) as T;
}

function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const obj = value as Record<string, unknown>;
  // The keys are listed before any is written: revived values written into the object while a
  // `for...in` walked it failed the map check of V8's optimized code for this function, which was
  // thrown away and compiled again some 30 times per 2,000 documents read, each copy kept in the
  // code spaces until a full collection (about 15 MB over the cold orders of an all-time export).
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
