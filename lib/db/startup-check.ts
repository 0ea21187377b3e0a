import { describeDb, getDb, type DbInfo } from '@/lib/db';

function stop(message: string): never {
  console.error(`\n[bistro] Cannot start: ${message}\n`);
  process.exit(1);
}

/**
 * The database is opened when the server starts, so what it cannot serve is said plainly once and
 * the server stops, instead of serving data it cannot keep: an embedded data directory that is not
 * writable, damaged, from a newer version or already served by another process, and on either
 * backend an index that cannot be built (the unique ones keep order numbers and cart lines from
 * colliding). A migration that fails does not stop it (Firebase may be unreachable for a while):
 * requests that need the database are answered 503 until a later try succeeds. Nor does a MongoDB
 * that cannot be reached yet: requests are answered 503 until it can.
 *
 * Resolves with the backend (null when it could not be opened yet).
 */
export async function checkDatabaseAtStart(): Promise<DbInfo['backend'] | null> {
  try {
    const info = await describeDb();
    if (!info.writable) {
      stop(`the data in ${info.location} is in use by another process (pid ${info.lockedBy ?? 'unknown'}). Stop it first, or give this server its own DATA_DIR.`);
    }
    await getDb();
    return info.backend;
  } catch (err) {
    const { name, message } = err as Error;
    if (name === 'DataDirError' || name === 'IndexBuildError') stop(message);
    // Logged where it failed (lib/db), and tried again.
    if (name === 'MigrationError') return null;
    if (process.env.MONGODB_URI && /^Mongo/.test(name)) {
      console.error(`[db] MongoDB cannot be reached at start (${message}); requests that need it are answered 503 until it can.`);
      return null;
    }
    throw err;
  }
}
