import { createHash } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../errors.ts';
import type { AppCollection, AppDb } from '../types.ts';
import type { Migration } from './types.ts';

/** An owner no Firebase account has: nobody signs in as it (see UserDoc.uid). */
const UNCLAIMED = 'unclaimed:';
/**
 * How much earlier than a record its account may seem to have been made: the clocks of the
 * servers that stored the record and of Firebase may differ by that much.
 */
const CLOCK_SKEW_MS = 60 * 60 * 1000;

/** The documents people own, as stored before they carried their owner's uid. */
interface OwnedBefore {
  _id: ObjectId;
  email: string;
  ownerUid?: string;
  createdAt?: Date;
  /** A payment's date. */
  data?: Date;
}

const OWNED = ['carts', 'payments', 'bookings', 'reviews'] as const;
const owned = (db: AppDb, name: (typeof OWNED)[number]) => db.collection(name) as unknown as AppCollection<OwnedBefore>;

/**
 * Records stored by email only, before records were keyed by Firebase uid: user records without
 * a uid, and carts, payments, bookings and reviews without an owner. Each address's records go to
 * the Firebase account that has the address now, unless that account was made after the oldest
 * of them (then it is somebody who signed up with the address again later). Records whose
 * address has no such account are kept under an owner nobody signs in as, so a later sign-up
 * with the address inherits nothing. Needs Firebase only when there is something to convert;
 * unreachable then, it fails, and runs again at the next start.
 */
export const owners: Migration = {
  id: '003-owners',
  description: 'records stored by email go to the Firebase account of the address, or to nobody',
  async up(db) {
    // One pass over each collection: what each address has without an owner, and its oldest date.
    const legacy = new Map<string, { oldest: number; docs: Record<(typeof OWNED)[number], ObjectId[]> }>();
    const note = (email: string, at: Date | undefined) => {
      let entry = legacy.get(email);
      if (!entry) legacy.set(email, (entry = { oldest: Infinity, docs: { carts: [], payments: [], bookings: [], reviews: [] } }));
      entry.oldest = Math.min(entry.oldest, at?.getTime() ?? Infinity);
      return entry;
    };
    for (const user of await db.collection('users').find({ uid: { $exists: false } }).toArray()) note(user.email, user.createdAt);
    for (const name of OWNED) {
      for (const doc of await owned(db, name).find({ ownerUid: { $exists: false }, email: { $exists: true } }).toArray()) {
        note(doc.email, doc.createdAt ?? doc.data).docs[name].push(doc._id);
      }
    }
    if (!legacy.size) return;

    const { firebaseAccountsByEmail } = await import('../../auth/firebase-admin.ts');
    const { normalizeEmail } = await import('../../users/email.ts');
    const accounts = await firebaseAccountsByEmail([...legacy.keys()]);
    for (const [email, { oldest, docs }] of legacy) {
      const account = accounts.get(normalizeEmail(email));
      const uid = account && account.createdAt.getTime() <= oldest + CLOCK_SKEW_MS ? account.uid : null;
      await stamp(db, docs, await ownerOf(db, email, uid));
    }
  },
};

/** The owner of `email`'s records: `uid`, with the address's user record made its record, or nobody. */
async function ownerOf(db: AppDb, email: string, uid: string | null): Promise<string> {
  const users = db.collection('users');
  const record = await users.findOne({ email });
  const unowned = record && !record.uid ? { _id: record._id, uid: { $exists: false } } : null;
  if (uid) {
    // The account made a record of its own since, under another address: that one is current.
    if (unowned && (await users.findOne({ uid }, { projection: { _id: 1 } }))) await users.deleteOne(unowned);
    else if (unowned) await users.updateOne(unowned, { $set: { uid } });
    return uid;
  }
  // A run cut short may have given the record its owner already.
  if (record?.uid?.startsWith(UNCLAIMED)) return record.uid;
  if (!unowned) return UNCLAIMED + createHash('sha256').update(email).digest('hex').slice(0, 24);
  const nobody = UNCLAIMED + record!._id.toHexString();
  await users.updateOne(unowned, { $set: { uid: nobody } });
  return nobody;
}

async function stamp(db: AppDb, docs: Record<(typeof OWNED)[number], ObjectId[]>, ownerUid: string): Promise<void> {
  for (const name of ['carts', 'payments', 'bookings'] as const) {
    if (docs[name].length) await owned(db, name).updateMany({ _id: { $in: docs[name] }, ownerUid: { $exists: false } }, { $set: { ownerUid } });
  }
  const reviews = owned(db, 'reviews');
  for (const _id of docs.reviews) {
    try {
      await reviews.updateOne({ _id, ownerUid: { $exists: false } }, { $set: { ownerUid } });
    } catch (err) {
      // One review per diner: the one the owner wrote since is the current one.
      if (!isDuplicateKeyError(err)) throw err;
      await reviews.deleteOne({ _id });
    }
  }
}
