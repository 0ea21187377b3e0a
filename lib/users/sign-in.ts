import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { firebaseAccount, type FirebaseIdentity } from '@/lib/auth/firebase-admin';
import { collections, isDuplicateKeyError } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';
import { normalizeEmail } from './email';
import { forgetUser } from './forget';

/**
 * Sign-in, once Firebase has vouched for the identity (POST /api/jwt): the user record of that
 * Firebase uid, found or made, and kept in step with what Firebase says. Nothing here comes from
 * the client; the role is never taken from anybody's word but ADMIN_EMAILS and Firebase's.
 */

/** ADMIN_EMAILS: comma-separated emails that are admins once Firebase has verified them. */
function bootstrapAdmins(): Set<string> {
  return new Set(
    (process.env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => normalizeEmail(e))
      .filter(Boolean),
  );
}

export async function signIn(identity: FirebaseIdentity): Promise<WithId<UserDoc>> {
  const email = normalizeEmail(identity.email);
  const { users } = await collections();
  const record = (await users.findOne({ uid: identity.uid })) ?? (await createRecord(identity, email));
  const changes: Partial<UserDoc> = {};
  if (record.email !== email) {
    // The address changed at Firebase.
    await releaseEmail(email, identity.uid);
    changes.email = email;
  }
  if (record.emailVerified !== identity.emailVerified) changes.emailVerified = identity.emailVerified;
  // Only an address Firebase has verified: anybody can sign up with the owner's address unverified.
  const granted = !record.role && identity.emailVerified && bootstrapAdmins().has(email);
  if (granted) changes.role = 'admin';
  if (!Object.keys(changes).length) return record;
  // A role change ends the person's other sessions; the one being made now is minted after it.
  await users.updateOne({ _id: record._id }, granted ? { $set: changes, $inc: { sessionVersion: 1 } } : { $set: changes });
  return { ...record, ...changes, ...(granted ? { sessionVersion: (record.sessionVersion ?? 0) + 1 } : {}) };
}

async function createRecord(identity: FirebaseIdentity, email: string): Promise<WithId<UserDoc>> {
  const { users } = await collections();
  await releaseEmail(email, identity.uid);
  const fields: Omit<UserDoc, 'uid'> = {
    name: identity.name?.trim() || email.split('@')[0] || email,
    email,
    emailVerified: identity.emailVerified,
    createdAt: new Date(),
  };
  // Two sign-in tabs at once: one upsert makes the record and the other finds it. MongoDB may
  // answer the second with a duplicate email instead (that unique index caught it first): then
  // the record is there to read.
  const made = await users.findOneAndUpdate({ uid: identity.uid }, { $setOnInsert: fields }, { upsert: true, returnDocument: 'after' }).catch((err: unknown) => {
    if (!isDuplicateKeyError(err)) throw err;
    return null;
  });
  if (made) return made;
  const record = await users.findOne({ uid: identity.uid });
  if (!record) throw new HttpError(409, 'Your account could not be set up just now. Please sign in again.');
  return record;
}

/**
 * Makes `email` free for the account `uid` when another record still has it. A record of an
 * account Firebase no longer has (deleted outside this site, or never one: a record stored by
 * email that nobody could claim) is retired the way a deletion here would; one whose account has
 * moved to another address follows it.
 */
async function releaseEmail(email: string, uid: string): Promise<void> {
  const { users } = await collections();
  const other = await users.findOne({ email, uid: { $ne: uid } });
  if (!other) return;
  const account = await firebaseAccount(other.uid);
  if (!account) {
    await forgetUser(other);
    return;
  }
  const moved = account.email ? normalizeEmail(account.email) : null;
  if (moved && moved !== email) {
    await users.updateOne({ _id: other._id }, { $set: { email: moved } });
    return;
  }
  throw new HttpError(409, 'Another account on this site already uses this email address. Please contact us.');
}
