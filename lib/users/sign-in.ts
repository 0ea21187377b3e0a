import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { firebaseAccount, type FirebaseIdentity } from '@/lib/auth/firebase-admin';
import { collections, isDuplicateKeyError } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';
import { clockNow } from '@/lib/settings/clock';
import { normalizeEmail } from './email';
import { forgetUser } from './forget';
import { guestUntil } from './guest-idle';

/**
 * Sign-in, once Firebase has vouched for the identity (POST /api/jwt): the user record of that
 * Firebase uid, found or made, and kept in step with what Firebase says. Nothing here comes from
 * the client; the role is never taken from anybody's word but ADMIN_EMAILS and Firebase's. A
 * guest (a Firebase anonymous account) gets a guest's record; once they sign up, their account
 * keeps the uid, and the same record becomes an account's.
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

export interface SignInOptions {
  /** Called before a guest's record is made: throws to refuse a new guest (the setting, the rate limit). */
  admitGuest?: () => Promise<void>;
}

export async function signIn(identity: FirebaseIdentity, { admitGuest }: SignInOptions = {}): Promise<WithId<UserDoc>> {
  const email = normalizeEmail(identity.email);
  const { users } = await collections();
  const record = (await users.findOne({ uid: identity.uid })) ?? (await createRecord(identity, email, admitGuest));
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
  // A guest who signed up (linked an address to the anonymous account): an account from now on.
  const signedUp = record.guestUntil !== undefined && !identity.guest;
  if (!Object.keys(changes).length && !signedUp) return record;
  // A role change ends the person's other sessions; the one being made now is minted after it.
  const roleChanged = granted || signedUp;
  await users.updateOne(
    { _id: record._id },
    { $set: changes, ...(signedUp ? { $unset: { guestUntil: '' } } : {}), ...(roleChanged ? { $inc: { sessionVersion: 1 } } : {}) },
  );
  const { guestUntil: _dropped, ...kept } = record;
  return { ...(signedUp ? kept : record), ...changes, ...(roleChanged ? { sessionVersion: (record.sessionVersion ?? 0) + 1 } : {}) };
}

async function createRecord(identity: FirebaseIdentity, email: string, admitGuest?: () => Promise<void>): Promise<WithId<UserDoc>> {
  const { users } = await collections();
  const now = clockNow();
  // A guest's stand-in address is theirs alone: nobody else's record can have it.
  if (identity.guest) await admitGuest?.();
  else await releaseEmail(email, identity.uid);
  const fields: Omit<UserDoc, 'uid'> = identity.guest
    ? { name: 'Guest', email, emailVerified: false, createdAt: now, guestUntil: guestUntil(now) }
    : { name: identity.name?.trim() || email.split('@')[0] || email, email, emailVerified: identity.emailVerified, createdAt: now };
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
