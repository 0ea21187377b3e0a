/**
 * Runs the data migrations (lib/db/migrations/index.ts) that a database has not had yet, in order,
 * each recorded in `migrations` once done. One process at a time: a lock document in `locks`,
 * taken with one conditional write, renewed while the migrations run, and taken over once it
 * expires (its holder crashed). Another process waits for the holder to finish, then runs
 * whatever is still pending (usually nothing): it never skips ahead of a migration that has not
 * run. On the embedded engine only one process writes the file, so a lock that no runner of this
 * process holds was left by one that crashed, and is taken over at once.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EmbeddedDb } from '../embedded.ts';
import { isDuplicateKeyError } from '../errors.ts';
import type { AppDb } from '../types.ts';
import { MIGRATIONS } from './index.ts';
import type { Migration } from './types.ts';

const LOCK = 'migrations';
/** A holder that stops renewing (it crashed, or its event loop is stuck) loses the lock after this. */
const LOCK_TTL_MS = 30_000;
const RENEW_MS = 10_000;
const POLL_MS = 250;

/** A migration failed, or data that needs migrations is read where they cannot run. */
export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export interface MigrationRun {
  id: string;
  tookMs: number;
}

export interface RunOptions {
  /** Defaults to MIGRATIONS. */
  migrations?: readonly Migration[];
  /** Told when this process waits for another, and of each migration done. */
  log?: (line: string) => void;
}

/** The migrations this database has not had, in order. */
export async function pendingMigrations(db: AppDb, migrations: readonly Migration[] = MIGRATIONS): Promise<Migration[]> {
  const done = new Set((await db.collection('migrations').find({}, { projection: { _id: 1 } }).toArray()).map((m) => m._id));
  return migrations.filter((m) => !done.has(m.id));
}

/**
 * Runs the pending migrations, and answers what it ran and how long each took. The first that
 * fails stops the run with a MigrationError naming it; it and those after it stay pending, and
 * run at the next call.
 */
export async function runMigrations(db: AppDb, { migrations = MIGRATIONS, log = () => {} }: RunOptions = {}): Promise<MigrationRun[]> {
  if (!(await pendingMigrations(db, migrations)).length) return [];
  const lock = await takeLock(db, log);
  const runs: MigrationRun[] = [];
  try {
    for (const migration of await pendingMigrations(db, migrations)) {
      if (lock.lost()) throw new MigrationError(`Stopped before migration ${migration.id}: another process took the migrations lock over, as this one had not renewed it for ${LOCK_TTL_MS / 1000} s.`);
      const started = performance.now();
      try {
        await migration.up(db);
        const tookMs = Math.round(performance.now() - started);
        await db.collection('migrations').insertOne({ _id: migration.id, ranAt: new Date(), tookMs });
        runs.push({ id: migration.id, tookMs });
        log(`migration ${migration.id} (${migration.description}): ${tookMs} ms`);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new MigrationError(`Migration ${migration.id} failed, so it and the migrations after it have not run: ${why}`, { cause: err });
      }
    }
  } finally {
    await lock.release();
  }
  return runs;
}

/** The holders of this process's runners, waiting or holding. */
const heldHere = new Set<string>();

interface Held {
  lost(): boolean;
  release(): Promise<void>;
}

async function takeLock(db: AppDb, log: (line: string) => void): Promise<Held> {
  const locks = db.collection('locks');
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // Before the first try: another runner of this process may see the lock before the write that took it resolves.
  heldHere.add(holder);
  const expiresAt = () => new Date(Date.now() + LOCK_TTL_MS);
  let told = false;

  const tryTake = async (): Promise<boolean> => {
    try {
      await locks.insertOne({ _id: LOCK, holder, expiresAt: expiresAt() });
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const current = await locks.findOne({ _id: LOCK });
    if (!current) return false; // released meanwhile: the next try inserts
    const takeOver = current.expiresAt < new Date() || (db instanceof EmbeddedDb && !heldHere.has(current.holder));
    if (!takeOver) {
      if (!told) log(`waiting for ${current.holder} to finish the migrations`);
      told = true;
      return false;
    }
    // Conditional on the holder seen: of two processes taking over at once, one wins.
    const { modifiedCount } = await locks.updateOne({ _id: LOCK, holder: current.holder }, { $set: { holder, expiresAt: expiresAt() } });
    return modifiedCount === 1;
  };

  try {
    while (!(await tryTake())) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  } catch (err) {
    heldHere.delete(holder);
    throw err;
  }

  let lost = false;
  const renewal = setInterval(() => {
    locks.updateOne({ _id: LOCK, holder }, { $set: { expiresAt: expiresAt() } }).then(
      ({ matchedCount }) => void (lost ||= matchedCount === 0),
      (err: unknown) => console.error('[db] could not renew the migrations lock:', err),
    );
  }, RENEW_MS);
  renewal.unref();
  return {
    lost: () => lost,
    async release() {
      clearInterval(renewal);
      heldHere.delete(holder);
      await locks.deleteOne({ _id: LOCK, holder });
    },
  };
}
