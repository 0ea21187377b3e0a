/**
 * The one way into the database: `getDb()` / `collections()`.
 *
 * MONGODB_URI set: the official driver (MONGODB_DB, default "bistro").
 * Otherwise: the embedded store, saving to DATA_DIR (default `.data/`).
 * Either way the first use in a process runs the pending data migrations, builds the indexes and,
 * when the menu is empty, seeds it, so a fresh checkout shows a full menu with no setup step, and
 * an upgraded one reads its data in the shape this version writes.
 */
import { ObjectId, type Collection } from 'mongodb';
import { clockMs } from '../settings/clock.ts';
import type { Collections } from './documents.ts';
import { EmbeddedDb, resolveDataDir } from './embedded.ts';
import { MigrationError, pendingMigrations, runMigrations } from './migrations/runner.ts';
import { closeMongoClient, openMongoDb, openMongoDriverDb } from './mongo.ts';
import { ensureIndexes, seedDatabase } from './seed.ts';
import type { AppCollections, AppDb } from './types.ts';

export type * from './types.ts';
export { isDuplicateKeyError } from './errors.ts';
export { conditionalUpsert } from './conditional-upsert.ts';

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
  /** Resolves once the database may be served (`prepare`, or during a build `refuseUnmigrated`). */
  ready: () => Promise<void>;
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

/**
 * How long a failed migration or index build is answered from memory (503) before a request tries
 * it again: what failed a moment ago (Firebase unreachable, duplicates under a unique index)
 * mostly fails again, and each try is logged.
 */
const RETRY_MS = 30_000;

/**
 * First use in this process: the pending migrations, then the indexes, then the seed if the menu
 * is empty. A failed migration or index build is thrown (MigrationError, IndexBuildError): the
 * data is not served half-migrated, nor without the unique indexes that keep it consistent.
 */
async function prepare(db: AppDb): Promise<void> {
  await runMigrations(db, { log: (line) => console.log(`[db] ${line}`) });
  await ensureIndexes(db);
  try {
    if ((await db.collection('menu').countDocuments({})) === 0) await seedDatabase(db);
  } catch (err) {
    // Demo content: a site without it still serves, and the next start tries again.
    console.error('[db] could not seed the menu and reviews:', err);
  }
}

/**
 * A process that only reads (a `next build`) cannot run migrations, so it refuses data that still
 * needs them rather than render pages from the old shapes. An empty database needs none.
 */
async function refuseUnmigrated(db: AppDb, where: string): Promise<void> {
  const pending = await pendingMigrations(db);
  if (!pending.length) return;
  for (const collection of Object.values(collectionsOf(db))) {
    if (!(await collection.findOne({}, { projection: { _id: 1 } }))) continue;
    throw new MigrationError(
      `${where} has data from before migrations ${pending.map((m) => m.id).join(', ')}, which only a process that writes can run. ` +
        'Run `npm run migrate` with the same settings (or start the server once), then build again.',
    );
  }
}

/**
 * Runs `run` once, and again after a failure: at once after a lost connection, RETRY_MS (on the
 * restaurant's clock) after a migration or index that failed.
 */
function retrying(run: () => Promise<void>): () => Promise<void> {
  let attempt: { done: Promise<void>; until: number } | null = null;
  return () => {
    if (attempt && clockMs() < attempt.until) return attempt.done;
    const current = { done: run(), until: Infinity };
    attempt = current;
    current.done.catch((err: unknown) => {
      if (attempt !== current) return;
      const { name, message } = err as Error;
      if (name !== 'MigrationError' && name !== 'IndexBuildError') {
        attempt = null;
        return;
      }
      console.error(`[db] ${message}`);
      current.until = clockMs() + RETRY_MS;
    });
    return current.done;
  };
}

async function open(config: Config): Promise<Handle> {
  if (config.uri) {
    const db = await openMongoDb(config.uri, config.dbName);
    // A build must not write to a real database.
    const ready = config.buildPhase ? () => refuseUnmigrated(db, `The MongoDB database "${config.dbName}"`) : () => prepare(db);
    return {
      db,
      info: () => ({ backend: 'mongodb', location: config.dbName, writable: true, lockedBy: null }),
      close: closeMongoClient,
      ready: retrying(ready),
    };
  }
  // During `next build` this never writes: with no data file yet, the seed lives in memory only.
  const db = await EmbeddedDb.open({ dataDir: config.dataDir, buildPhase: config.buildPhase });
  return {
    db,
    info: () => ({ backend: 'embedded', location: db.file, writable: db.writable, lockedBy: db.lockedBy }),
    close: () => db.close(),
    ready: retrying(() => (db.writable ? prepare(db) : refuseUnmigrated(db, db.file))),
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

/** The database, once it may be served: migrated, indexed and seeded (see `prepare`). */
export async function getDb(): Promise<AppDb> {
  const { db, ready } = await handle();
  await ready();
  return db;
}

export async function collections(): Promise<AppCollections> {
  return collectionsOf(await getDb());
}

function collectionsOf(db: AppDb): AppCollections {
  return {
    menu: db.collection('menu'),
    reviews: db.collection('reviews'),
    users: db.collection('users'),
    carts: db.collection('carts'),
    payments: db.collection('payments'),
    checkout_intents: db.collection('checkout_intents'),
    bookings: db.collection('bookings'),
    bookingSlots: db.collection('bookingSlots'),
    bookingHolds: db.collection('bookingHolds'),
    lineClaims: db.collection('lineClaims'),
    pickupSlots: db.collection('pickupSlots'),
    settings: db.collection('settings'),
    orderingState: db.collection('orderingState'),
    tableKeys: db.collection('tableKeys'),
    rateLimits: db.collection('rateLimits'),
    outbox: db.collection('outbox'),
    promos: db.collection('promos'),
    printers: db.collection('printers'),
    printJobs: db.collection('printJobs'),
    printSetup: db.collection('printSetup'),
    promoUses: db.collection('promoUses'),
    demoIntents: db.collection('demoIntents'),
    stamps: db.collection('stamps'),
    migrations: db.collection('migrations'),
    locks: db.collection('locks'),
    counters: db.collection('counters'),
    dailyRollups: db.collection('dailyRollups'),
    orderTexts: db.collection('orderTexts'),
    smsOptOuts: db.collection('smsOptOuts'),
    textMonths: db.collection('textMonths'),
    pushSubscriptions: db.collection('pushSubscriptions'),
    menuSections: db.collection('menuSections'),
    menuStatus: db.collection('menuStatus'),
    stockCounts: db.collection('stockCounts'),
    stockHolds: db.collection('stockHolds'),
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
  await getDb();
  return (await openMongoDriverDb(config.uri, config.dbName)).collection<Collections[K]>(name);
}

/** Which backend serves this process, and whether it may write (health checks, scripts); it does not wait for `prepare`. */
export async function describeDb(): Promise<DbInfo> {
  return (await handle()).info();
}

/** Releases the file lock or the connection pool (tests, scripts). */
export async function closeDb(): Promise<void> {
  const cached = g.__bistroDb;
  delete g.__bistroDb;
  if (cached) await (await cached.promise.catch(() => null))?.close();
}

/**
 * On SIGTERM or SIGINT (a redeploy, a container stopping, Ctrl+C): the writes under way finish,
 * the data file is closed, which checkpoints its log into it (a copy of `bistro.db` alone is then
 * the whole database), and the process exits. A close that has not finished in 10 s is left:
 * every acknowledged write is already in the log, which the next start replays.
 */
export function closeDbOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(1), 10_000).unref();
      closeDb()
        .catch((err) => console.error(`[db] the database was not closed cleanly on ${signal}`, err))
        .finally(() => process.exit(0));
    });
  }
}

/** The ObjectId for a 24-hex-digit string, or null for anything else (never throws). */
export function toObjectId(id: string): ObjectId | null {
  return typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null;
}
