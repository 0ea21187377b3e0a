/**
 * Ownership by Firebase uid. Carts, payments, bookings and reviews carry their owner's uid and
 * are read by it, so an email address signed up again by somebody else inherits nothing. Data
 * written before (by email only) is "legacy": it is stamped with its owner's uid once that owner
 * is known, at their first sign-in or by `npm run seed`, and read by no one until then.
 *
 * Relative imports: `npm run seed` runs this under plain Node.
 */
import { ObjectId } from 'mongodb';
import { isDuplicateKeyError } from './errors.ts';
import type { AppDb } from './types.ts';

/**
 * Gives the documents of `email` that have no owner yet to `ownerUid`. A legacy review also gets
 * an id of its own on the way: its old id was its author's user id, shown to anybody.
 */
export async function stampLegacyDocuments(db: AppDb, email: string, ownerUid: string): Promise<void> {
  const unowned = { email, ownerUid: { $exists: false } };
  for (const name of ['carts', 'payments', 'bookings'] as const) {
    await db.collection(name).updateMany(unowned, { $set: { ownerUid } });
  }
  const reviews = db.collection('reviews');
  for (const review of await reviews.find(unowned).toArray()) {
    try {
      await reviews.insertOne({ ...review, _id: new ObjectId(), ownerUid });
    } catch (err) {
      // The owner wrote a review since: one per diner, and that one is the current.
      if (!isDuplicateKeyError(err)) throw err;
    }
    await reviews.deleteOne({ _id: review._id });
  }
}

export interface OwnerMigration {
  /** Records given their uid, with their legacy documents. */
  claimed: number;
  /** Records whose email has no Firebase account now: left for a sign-in that may never come. */
  unknown: number;
}

/**
 * Gives every user record without a uid the uid Firebase has for its email, and stamps that
 * user's legacy documents. `uidOf` answers null for an email Firebase does not know.
 */
export async function migrateOwners(db: AppDb, uidOf: (email: string) => Promise<string | null>): Promise<OwnerMigration> {
  const users = db.collection('users');
  const result: OwnerMigration = { claimed: 0, unknown: 0 };
  for (const record of await users.find({ uid: { $exists: false } }).toArray()) {
    const uid = await uidOf(record.email);
    if (!uid) {
      result.unknown += 1;
      continue;
    }
    const { modifiedCount } = await users.updateOne({ _id: record._id, uid: { $exists: false } }, { $set: { uid } });
    if (!modifiedCount) continue; // its owner signed in meanwhile and claimed it
    await stampLegacyDocuments(db, record.email, uid);
    result.claimed += 1;
  }
  return result;
}
