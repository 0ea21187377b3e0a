/**
 * A MongoDB-shaped document store on SQLite (see database.ts). It knows nothing of the app that
 * uses it: no collection, no field, no import from outside this folder (a lint rule holds it so).
 */
export { DocStore, FORMAT, type OpenOptions, type QueryPlan } from './database.ts';
export { readStats, type DocCollection } from './collection.ts';
export type { IndexSpec } from './compile.ts';
export { clone, decode, encode } from './codec.ts';
export { ServerError, StoreFileError } from './errors.ts';
export { WriterLock } from './lock.ts';
export type * from './types.ts';
