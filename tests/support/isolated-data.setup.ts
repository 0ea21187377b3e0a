/**
 * Runs before every test file (vitest `setupFiles`): each file gets its own temporary
 * DATA_DIR, so no test reads or locks the developer's `.data/`, and test files can run
 * in parallel. With MONGODB_URI set, each file likewise gets its own throwaway database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { failOnScan } from './query-plans';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-test-'));
process.env.DATA_DIR = dataDir;
const uri = process.env.MONGODB_URI;
const dbName = `bistro_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
if (uri) process.env.MONGODB_DB = dbName;
// Every query the embedded store runs is checked: a scan of a collection that grows with history fails the test.
(globalThis as { __bistroQueryPlans?: typeof failOnScan }).__bistroQueryPlans = failOnScan;

afterAll(async () => {
  // Only touch the data layer if this file used it: most test files never import it.
  if ((globalThis as { __bistroDb?: unknown }).__bistroDb || (globalThis as { __bistroMongo?: unknown }).__bistroMongo) {
    const { closeDb } = await import('../../lib/db/index.ts');
    if (uri) {
      const { dropMongoDatabase, closeMongoClient } = await import('../../lib/db/mongo.ts');
      await dropMongoDatabase(uri, dbName).catch(() => {});
      await closeMongoClient();
    }
    await closeDb();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Handler tests make many requests from one address in a second; the limits themselves are
// tested where they matter (tests/api/auth-routes.test.ts sets the scale back to 1).
process.env.RATE_LIMIT_SCALE ??= '1000';
// Likewise one test diner books many tables; the caps are tested in tests/reservations/holds.test.ts.
// These variables are the defaults of each test file's fresh database (lib/settings/defaults.ts).
process.env.RESERVATION_MAX_UPCOMING_BOOKINGS ??= '1000';
process.env.RESERVATION_MAX_UPCOMING_SEATS ??= '10000';
// The restaurant is open at whatever hour the tests run, and its kitchen has room for every test's
// orders: tests about the hours and the kitchen's capacity set their own (tests/support/settings.ts).
process.env.NEXT_PUBLIC_HOURS_OPEN ??= '00:00';
process.env.NEXT_PUBLIC_HOURS_CLOSE ??= '00:00';
process.env.ORDERS_PER_SLOT ??= '1000';
