/**
 * A query of the app that reads a whole collection growing with the restaurant's history to test a
 * filter or give a sort (no index serves it) is a defect: its cost grows with every order. The
 * embedded store shows every query with SQLite's plan (lib/db/embedded.ts `watchQueryPlans`); the
 * Vitest suites fail on such a scan when the app makes it. A test's own reads, the migrations
 * (which read everything once) and the seeds may scan.
 */
import type { QueryPlan } from '@/lib/docstore';

/** Collections that hold a handful of documents however long the restaurant runs: reading them whole is fine. */
export const SMALL_COLLECTIONS = new Set(['menu', 'settings', 'orderingState', 'tableKeys', 'migrations', 'locks', 'counters', 'stamps', 'promos', 'printers', 'printSetup', 'menuSections', 'menuStatus']);

/** The app's collections that grow with its history. A new collection joins one list or the other (tests/db/query-plans.test.ts). */
export const GROWING_COLLECTIONS = new Set([
  'reviews', 'users', 'carts', 'payments', 'checkout_intents', 'bookings', 'bookingSlots', 'bookingHolds', 'lineClaims', 'pickupSlots',
  'rateLimits', 'outbox', 'dailyRollups', 'printJobs', 'promoUses', 'demoIntents', 'orderTexts', 'smsOptOuts', 'textMonths', 'pushSubscriptions', 'stockCounts', 'stockHolds',
]);

/** The scan a plan makes of a growing collection to find or order what a query asks, if it makes one. */
export function scanOf(plan: QueryPlan): string | null {
  if (!plan.narrowed || !GROWING_COLLECTIONS.has(plan.collection)) return null;
  const scan = plan.steps.find((step) => new RegExp(`^SCAN ${plan.collection}$`).test(step));
  return scan ? `${scan} for ${plan.sql}` : null;
}

/** A frame of the app's code, but for the database layer itself, the migrations and the seeds. */
const APP_FRAME = /\/(app|lib)\/(?!docstore\/|db\/(migrations\/|index\.ts|embedded\.ts|seed\.ts)|seed\/)/;

/** Throws from the query itself when the app made it, so the test that called the app fails naming it. */
export function failOnScan(plan: QueryPlan, stack = new Error().stack ?? ''): void {
  const scan = scanOf(plan);
  if (!scan) return;
  const byApp = stack.split('\n').some((frame) => APP_FRAME.test(frame) && !frame.includes('node_modules'));
  if (byApp) throw new Error(`A query scans a collection that grows with history (${scan}): declare an index that serves it (lib/db/seed.ts).`);
}
