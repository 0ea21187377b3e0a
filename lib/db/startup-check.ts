import { describeDb } from '@/lib/db';

function stop(message: string): never {
  console.error(`\n[bistro] Cannot start: ${message}\n`);
  process.exit(1);
}

/**
 * With the embedded database, a data directory the server cannot use (not writable, damaged,
 * from a newer version, or already served by another process) is said plainly once, when the
 * server starts, and the server stops, instead of serving data it cannot keep.
 */
export async function checkDatabaseAtStart(): Promise<void> {
  try {
    const info = await describeDb();
    if (!info.writable) {
      stop(`the data in ${info.location} is in use by another process (pid ${info.lockedBy ?? 'unknown'}). Stop it first, or give this server its own DATA_DIR.`);
    }
  } catch (err) {
    if ((err as Error).name !== 'DataDirError') throw err;
    stop((err as Error).message);
  }
}
