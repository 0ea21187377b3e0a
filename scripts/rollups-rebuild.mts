/**
 * `npm run rollups:rebuild`: makes the statistics' daily rollups again from the orders
 * (lib/stats/rollups.ts), and the reviews' totals from the reviews (lib/reviews/totals.ts), for a
 * database whose orders or reviews were written or changed around the app.
 * The app keeps them up to date by itself; this is the repair. Uses MongoDB when MONGODB_URI is
 * set, otherwise the embedded data file under DATA_DIR (stop the server first: orders paid during
 * a rebuild may be counted twice or missed until the next one). Runs with tsx, which resolves the
 * `@/` imports as Next.js does.
 */
import { rebuildReviewTotals } from '@/lib/reviews/totals';
import { rebuildRollups } from '@/lib/stats/rollups';
import { withDatabase } from './database.mts';

if (process.argv.length > 2) {
  console.error('Usage: npm run rollups:rebuild');
  process.exit(2);
}

withDatabase('npm run rollups:rebuild', async (db, where) => {
  const started = Date.now();
  const { days, orders } = await rebuildRollups(db);
  const reviews = await rebuildReviewTotals(db);
  console.log(`Rebuilt the daily rollups of ${where}: ${orders} orders over ${days} days, and the totals of ${reviews.count} published reviews, in ${Date.now() - started} ms.`);
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
