import { getDb } from '@/lib/db';

/**
 * With the embedded database, an unusable DATA_DIR is said plainly once, when the server starts,
 * and the server stops, instead of every request failing with a stack trace.
 */
export async function checkDatabaseAtStart(): Promise<void> {
  try {
    await getDb();
  } catch (err) {
    if ((err as Error).name !== 'DataDirError') throw err;
    console.error(`\n[bistro] Cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
