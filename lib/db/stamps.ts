import 'server-only';
import { collections, conditionalUpsert } from '@/lib/db';

/** Named times in the `stamps` collection: when something last happened. */

const NEVER = new Date(0);

/** The stamp's time; the epoch when it never happened. */
export async function readStamp(name: string): Promise<Date> {
  const { stamps } = await collections();
  return (await stamps.findOne({ _id: name }))?.at ?? NEVER;
}

/**
 * Sets the stamp to `at`, making it the first time; with `from`, only while it still reads `from`
 * (true when it did; a stamp never set reads the epoch): one that reads another time fails the
 * condition, and the unique `_id` refuses a second one.
 */
export async function setStamp(name: string, at: Date, from?: Date): Promise<boolean> {
  const { stamps } = await collections();
  if (!from) {
    await stamps.updateOne({ _id: name }, { $set: { at } }, { upsert: true });
    return true;
  }
  return (await conditionalUpsert(stamps, { _id: name, at: from }, { $set: { at } }, { _id: 1 })) !== null;
}
