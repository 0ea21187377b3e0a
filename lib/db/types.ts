/**
 * The narrow slice of the MongoDB driver's Collection API that the app may use, as the embedded
 * store implements it (lib/docstore/types.ts): app code sees only these interfaces, never the
 * driver's `Collection`, so what the store lacks fails at compile time instead of working against
 * Atlas and breaking on a developer machine.
 *
 * Types are the driver's own (`Filter`, `WithId`, results...) so that the real `Collection<T>` is
 * assignable to `AppCollection<T>`; the assertions at the end of this file prove it on every `tsc`
 * run.
 */
import type { Collection, Document } from 'mongodb';
import type { AppCollection } from '../docstore/index.ts';
import type { Collections } from './documents.ts';

export type * from '../docstore/types.ts';

/** The database handle, typed by collection name. */
export interface AppDb {
  collection<K extends keyof Collections>(name: K): AppCollection<Collections[K]>;
}

export type AppCollections = { [K in keyof Collections]: AppCollection<Collections[K]> };

// ---- compile-time proof that the official driver satisfies the narrow API ----
// If a driver upgrade or an edit above breaks compatibility, `tsc` fails right here.
type Assignable<From extends To, To> = [From, To];
type DriverCollections = { [K in keyof Collections]: Collection<Collections[K]> };
export type _DriverFitsAppCollections = Assignable<DriverCollections, AppCollections>;
export type _DriverFitsGenericCollection = Assignable<Collection<Document>, AppCollection<Document>>;
