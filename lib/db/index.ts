/**
 * The one way into the database: `getDb()` / `collections()`.
 *
 * MONGODB_URI set: the official driver (MONGODB_DB, default "bistro").
 * Otherwise: the embedded engine, saving to DATA_DIR (default `.data/`).
 * Either way the first use in a process creates the indexes and, when the menu is
 * empty, seeds it, so a fresh checkout shows a full menu with no setup step.
 */
import { ObjectId, type Collection } from 'mongodb';
import type { Collections } from './documents.ts';
import { EmbeddedDb, resolveDataDir } from './embedded.ts';
import { closeMongoClient, openMongoDb, openMongoDriverDb } from './mongo.ts';
import { ensureIndexes, seedDatabase } from './seed.ts';
import type { AppCollections, AppDb } from './types.ts';

export type * from './types.ts';
export { isDuplicateKeyError } from './errors.ts';

export interface DbInfo {
  backend: 'mongodb' | 'embedded';
  /** The database name (MongoDB) or the data file (embedded). */
  location: string;
  writable: boolean;
  /** Embedded, read-only: the pid of the process that holds the lock. */
  lockedBy: number | null;
}

interface Handle {
  db: AppDb;
  info: () => DbInfo;
  close: () => Promise<void>;
}

interface Config {
  key: string;
  uri?: string;
  dbName: string;
  dataDir: string;
  buildPhase: boolean;
}

function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const uri = env.MONGODB_URI?.trim() || undefined;
  const dbName = env.MONGODB_DB?.trim() || 'bistro';
  const dataDir = resolveDataDir(env);
  const buildPhase = env.NEXT_PHASE === 'phase-production-build';
  return { key: JSON.stringify([uri, dbName, dataDir, buildPhase]), uri, dbName, dataDir, buildPhase };
}

// On globalThis: Next.js may load this module several times (bundles, hot reloads), but a
// process must have one engine (it owns the file lock) and one connection pool.
const g = globalThis as { __bistroDb?: { key: string; promise: Promise<Handle> } };

/** First use in this process: indexes, then seed data if the menu is empty. Never fatal. */
async function prepare(db: AppDb): Promise<void> {
  try {
    await ensureIndexes(db);
    if ((await db.collection('menu').countDocuments({})) === 0) await seedDatabase(db);
  } catch (err) {
    console.error('[db] could not prepare the database (indexes/seed):', err);
  }
}

async function open(config: Config): Promise<Handle> {
  if (config.uri) {
    const db = await openMongoDb(config.uri, config.dbName);
    if (!config.buildPhase) await prepare(db); // a build must not write to a real database
    return {
      db,
      info: () => ({ backend: 'mongodb', location: config.dbName, writable: true, lockedBy: null }),
      close: closeMongoClient,
    };
  }
  // During `next build` this never writes: with no data file yet, the seed lives in memory only.
  const engine = EmbeddedDb.open({ dataDir: config.dataDir, buildPhase: config.buildPhase });
  if (engine.writable) await prepare(engine);
  return {
    db: engine,
    info: () => ({ backend: 'embedded', location: engine.file, writable: engine.writable, lockedBy: engine.lockedBy }),
    close: () => engine.close(),
  };
}

function handle(): Promise<Handle> {
  const config = readConfig();
  const cached = g.__bistroDb;
  if (cached?.key === config.key) return cached.promise;
  if (cached) void cached.promise.then((h) => h.close()).catch(() => {});
  const entry = { key: config.key, promise: open(config) };
  g.__bistroDb = entry;
  // Not cached on failure: an unreachable database or a bad DATA_DIR is retried on the next request.
  entry.promise.catch(() => {
    if (g.__bistroDb === entry) delete g.__bistroDb;
  });
  return entry.promise;
}

export async function getDb(): Promise<AppDb> {
  return (await handle()).db;
}

export async function collections(): Promise<AppCollections> {
  const db = await getDb();
  return {
    menu: db.collection('menu'),
    reviews: db.collection('reviews'),
    users: db.collection('users'),
    carts: db.collection('carts'),
    payments: db.collection('payments'),
    bookings: db.collection('bookings'),
    bookingSlots: db.collection('bookingSlots'),
    bookingHolds: db.collection('bookingHolds'),
    pickupSlots: db.collection('pickupSlots'),
    settings: db.collection('settings'),
    rateLimits: db.collection('rateLimits'),
    outbox: db.collection('outbox'),
    stamps: db.collection('stamps'),
  };
}

/**
 * The driver's own collection when MONGODB_URI is set, null on the embedded engine. Only for what
 * the narrow AppCollection API cannot offer on both backends: a change stream (`watch`), which
 * lib/orders/feed uses with MongoDB and replaces with its own events on the embedded engine.
 */
export async function driverCollection<K extends keyof Collections>(name: K): Promise<Collection<Collections[K]> | null> {
  const config = readConfig();
  if (!config.uri) return null;
  await handle();
  return (await openMongoDriverDb(config.uri, config.dbName)).collection<Collections[K]>(name);
}

/** Which backend serves this process, and whether it may write (health checks, scripts). */
export async function describeDb(): Promise<DbInfo> {
  return (await handle()).info();
}

/** Releases the file lock or the connection pool (tests, scripts). */
export async function closeDb(): Promise<void> {
  const cached = g.__bistroDb;
  delete g.__bistroDb;
  if (cached) await (await cached.promise.catch(() => null))?.close();
}

/** The ObjectId for a 24-hex-digit string, or null for anything else (never throws). */
export function toObjectId(id: string): ObjectId | null {
  return typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null;
}
