/** The production backend: the official driver against any MongoDB (e.g. Atlas). */
import { MongoClient, type Db } from 'mongodb';
import type { Collections } from './documents.ts';
import type { AppCollection, AppDb } from './types.ts';

interface ClientCache {
  uri: string;
  promise: Promise<MongoClient>;
}
// On globalThis so hot reloads and warm serverless invocations reuse one connection pool.
const g = globalThis as { __bistroMongo?: ClientCache };

/**
 * The shared, connected client. A failed connection is forgotten, so the next call
 * tries again: the server recovers by itself once the database is reachable.
 */
export function getMongoClient(uri: string): Promise<MongoClient> {
  const cached = g.__bistroMongo;
  if (cached && cached.uri === uri) return cached.promise;
  // Fail within seconds when the database is unreachable instead of hanging requests for 30 s.
  const promise = new MongoClient(uri, { serverSelectionTimeoutMS: 5000, appName: 'bistro' }).connect();
  const entry: ClientCache = { uri, promise };
  g.__bistroMongo = entry;
  promise.catch(() => {
    if (g.__bistroMongo === entry) delete g.__bistroMongo;
  });
  return promise;
}

export async function openMongoDb(uri: string, dbName: string): Promise<AppDb> {
  const db = (await getMongoClient(uri)).db(dbName);
  return {
    collection: <K extends keyof Collections>(name: K): AppCollection<Collections[K]> => db.collection<Collections[K]>(name),
  };
}

/**
 * The driver's own database handle on the shared client, for the little the narrow API leaves out
 * on purpose because the embedded engine cannot do it (change streams: lib/db/index.ts).
 */
export async function openMongoDriverDb(uri: string, dbName: string): Promise<Db> {
  return (await getMongoClient(uri)).db(dbName);
}

/** Closes the shared client (scripts and tests; a server keeps it for its lifetime). */
export async function closeMongoClient(): Promise<void> {
  const cached = g.__bistroMongo;
  delete g.__bistroMongo;
  if (cached) await (await cached.promise.catch(() => null))?.close();
}

/** Drops a whole database: for tests that create a throwaway one. */
export async function dropMongoDatabase(uri: string, dbName: string): Promise<void> {
  await (await getMongoClient(uri)).db(dbName).dropDatabase();
}
