/**
 * `npm run seed [-- --reset] [-- --history <N> [--history-seed <n>]]`: runs the pending data
 * migrations and builds the indexes (as `npm run migrate` does), then adds the missing seed menu
 * items and reviews. Idempotent, and keeps whatever an admin added; `--reset` empties menu and
 * reviews first. `--history <N>` also adds N past orders over the last year, from a few hundred
 * synthetic diners (lib/seed/history.ts); the same seed value gives the same orders, so running
 * it again adds none.
 * Uses MongoDB when MONGODB_URI is set, otherwise the embedded data file under DATA_DIR.
 * Runs with tsx, which resolves the `@/` imports as Next.js does.
 */
import { parseArgs } from 'node:util';
import { runMigrations } from '@/lib/db/migrations/runner';
import { ensureIndexes, seedDatabase, type SeedResult } from '@/lib/db/seed';
import type { AppDb } from '@/lib/db/types';
import { addHistory } from '@/lib/seed/history';
import { withDatabase } from './database.mts';

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
    console.log(`  ${name.padEnd(8)} ${c.inserted} inserted, ${c.existing} already present${removed}`);
  }
}

async function run(db: AppDb, where: string): Promise<void> {
  await runMigrations(db, { log: (line) => console.log(`  ${line}`) });
  await ensureIndexes(db);
  report(where, await seedDatabase(db, { reset }));
  if (!history) return;
  const started = Date.now();
  const added = await addHistory(db, { count: history, seed });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // The most this process held at once: what a large history asks of the machine (bench:load reads it).
  const peakMB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(`  ${'history'.padEnd(8)} ${added.orders.inserted} orders inserted, ${added.orders.existing} already present; ${added.diners.inserted} diners added (${seconds} s, peak memory ${peakMB} MB)`);
}

withDatabase('npm run seed', run).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
