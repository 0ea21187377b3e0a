import 'server-only';
import { collections, getDb, isDuplicateKeyError, type AppDb } from '@/lib/db';

/**
 * Named times in the `stamps` collection: when something last happened. Each document is made
 * once per database (the narrow API has no upsert), then only ever set, so every later write is
 * one update.
 */

const made = new WeakMap<AppDb, Map<string, Promise<void>>>();

async function ensureStamp(name: string): Promise<void> {
  const db = await getDb();
  let names = made.get(db);
  if (!names) made.set(db, (names = new Map()));
  let ready = names.get(name);
  if (!ready) {
    ready = (async () => {
      const { stamps } = await collections();
      try {
        await stamps.insertOne({ _id: name, at: new Date(0) });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    })();
    ready.catch(() => names.delete(name));
    names.set(name, ready);
  }
  await ready;
}

/** The stamp's time; the epoch when it never happened. */
export async function readStamp(name: string): Promise<Date> {
  await ensureStamp(name);
  const { stamps } = await collections();
  return (await stamps.findOne({ _id: name }))?.at ?? new Date(0);
}

/** Sets the stamp to `at`; with `from`, only while it still reads `from` (true when it did). */
export async function setStamp(name: string, at: Date, from?: Date): Promise<boolean> {
  await ensureStamp(name);
  const { stamps } = await collections();
  const { modifiedCount, matchedCount } = await stamps.updateOne(from ? { _id: name, at: from } : { _id: name }, { $set: { at } });
  return from ? modifiedCount === 1 : matchedCount === 1;
}
