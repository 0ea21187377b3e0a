/**
 * `npm run migrate`: runs the data migrations this database has not had (lib/db/migrations), then
 * builds the indexes, as the first start of a new version would; with MongoDB, run it before
 * deploying. Under the migrations lock, so a server starting meanwhile waits for it. Exit code 1
 * with the failing migration named, or the index that cannot be built.
 * Uses MongoDB when MONGODB_URI is set, otherwise the embedded data file under DATA_DIR (stop
 * the server first). Runs with tsx, which resolves the `@/` imports as Next.js does.
 */
import { runMigrations } from '@/lib/db/migrations/runner';
import { ensureIndexes } from '@/lib/db/seed';
import { withDatabase } from './database.mts';

if (process.argv.length > 2) {
  console.error('Usage: npm run migrate');
  process.exit(2);
}

withDatabase('npm run migrate', async (db, where) => {
  const runs = await runMigrations(db, { log: (line) => console.log(`  ${line}`) });
  await ensureIndexes(db);
  const took = runs.reduce((ms, run) => ms + run.tookMs, 0);
  console.log(runs.length ? `Migrated ${where}: ${runs.length} migrations in ${took} ms; indexes built.` : `${where} is up to date; indexes built.`);
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
