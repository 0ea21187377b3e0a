/**
 * The database a script works on, opened as the server opens it but without preparing it: MongoDB
 * when MONGODB_URI is set, otherwise the embedded data file under DATA_DIR, which a script only
 * writes while no server holds it (what it wrote behind a server's back would be lost).
 */
import { EmbeddedDb } from '@/lib/db/embedded';
import { closeMongoClient, openMongoDb } from '@/lib/db/mongo';
import type { AppDb } from '@/lib/db/types';

/** Runs `work` on the database (`where` names it for messages); resolves to the exit code. */
export async function withDatabase(command: string, work: (db: AppDb, where: string) => Promise<void>): Promise<number> {
  const uri = process.env.MONGODB_URI?.trim();
  if (uri) {
    const dbName = process.env.MONGODB_DB?.trim() || 'bistro';
    try {
      await work(await openMongoDb(uri, dbName), `MongoDB database "${dbName}"`);
    } finally {
      await closeMongoClient();
    }
    return 0;
  }
  const db = await EmbeddedDb.open();
  try {
    if (!db.writable) {
      console.error(`The data file ${db.file} is in use by a running server (pid ${db.lockedBy}).\nStop the server first, then run \`${command}\` again.`);
      return 1;
    }
    await work(db, db.file);
  } finally {
    await db.close();
  }
  return 0;
}
