/**
 * `npm run seed [-- --reset] [-- --history <N> [--history-seed <n>]]`: adds the missing seed menu
 * items and reviews. Idempotent, and keeps whatever an admin added; `--reset` empties menu and
 * reviews first. `--history <N>` also adds N past orders over the last year, from a few hundred
 * synthetic diners (lib/seed/history.ts); the same seed value gives the same orders, so running
 * it again adds none.
 * Uses MongoDB when MONGODB_URI is set, otherwise the embedded data file under DATA_DIR.
 * Runs with tsx, which resolves the `@/` imports as Next.js does.
 */
import { parseArgs } from 'node:util';
import { firebaseAdminConfig, firebaseUidOf } from '@/lib/auth/firebase-admin';
import { EmbeddedDb } from '@/lib/db/embedded';
import { closeMongoClient, openMongoDb } from '@/lib/db/mongo';
import { migrateOwners } from '@/lib/db/owners';
import { ensureIndexes, seedDatabase, type SeedResult } from '@/lib/db/seed';
import type { AppDb } from '@/lib/db/types';
import { addHistory } from '@/lib/seed/history';

const USAGE = 'Usage: npm run seed [-- --reset] [-- --history <orders> [--history-seed <n>]]';
const MAX_HISTORY = 1_000_000;

function options() {
  try {
    const { values } = parseArgs({
      options: { reset: { type: 'boolean', default: false }, history: { type: 'string' }, 'history-seed': { type: 'string', default: '1' } },
      strict: true,
    });
    const history = values.history === undefined ? 0 : Number(values.history);
    const seed = Number(values['history-seed']);
    if (values.history !== undefined && !(Number.isInteger(history) && history >= 1 && history <= MAX_HISTORY)) {
      throw new Error(`--history takes a number of orders from 1 to ${MAX_HISTORY.toLocaleString('en-US')}`);
    }
    if (!Number.isInteger(seed) || seed < 0) throw new Error('--history-seed takes a whole number');
    return { reset: values.reset, history, seed };
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { reset, history, seed } = options();

function report(where: string, result: SeedResult): void {
  console.log(`Seeded ${where}${reset ? ' (reset)' : ''}:`);
  for (const [name, c] of Object.entries(result)) {
    const removed = reset ? `, ${c.removed} removed first` : '';
    const filled = 'filled' in c && c.filled ? `, ${c.filled} given their allergens, dietary tags and options` : '';
    console.log(`  ${name.padEnd(8)} ${c.inserted} inserted, ${c.existing} already present${removed}${filled}`);
  }
}

async function run(db: AppDb, where: string): Promise<void> {
  await ensureIndexes(db);
  report(where, await seedDatabase(db, { reset }));
  await migrate(db);
  if (!history) return;
  const added = await addHistory(db, { count: history, seed });
  console.log(`  ${'history'.padEnd(8)} ${added.orders.inserted} orders inserted, ${added.orders.existing} already present; ${added.diners.inserted} diners added`);
}

/** User records from before records were keyed by uid get theirs from Firebase, with their documents. */
async function migrate(db: AppDb): Promise<void> {
  try {
    firebaseAdminConfig();
    const { claimed, unknown } = await migrateOwners(db, firebaseUidOf);
    console.log(`Owners: ${claimed} user records given their Firebase uid, ${unknown} with no Firebase account.`);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    console.log(`Owners not migrated now (${why}); each user's data moves over at their next sign-in.`);
  }
}

async function main(): Promise<number> {
  const uri = process.env.MONGODB_URI?.trim();
  if (uri) {
    const dbName = process.env.MONGODB_DB?.trim() || 'bistro';
    try {
      await run(await openMongoDb(uri, dbName), `MongoDB database "${dbName}"`);
    } finally {
      await closeMongoClient();
    }
    return 0;
  }

  const engine = EmbeddedDb.open();
  try {
    if (!engine.writable) {
      // Writing behind a running server's back would be lost or overwritten at its next save.
      console.error(
        `The data file ${engine.file} is in use by a running server (pid ${engine.lockedBy}).\n` +
          'Stop the server first, then run `npm run seed` again.',
      );
      return 1;
    }
    await run(engine, engine.file);
  } finally {
    await engine.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
