import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import type { SessionClaims } from '@/lib/auth/session';
import { deleteFirebaseUser } from '@/lib/auth/firebase-admin';
import { collections, toObjectId } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';
import { normalizeEmail } from './users';

/**
 * What admins do to other people's accounts. The caller is already known to be an admin
 * (`requireAdmin`); the rules that protect the shop from its admins live here.
 */

async function findTarget(id: string): Promise<WithId<UserDoc>> {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed user id.');
  const { users } = await collections();
  const user = await users.findOne({ _id });
  if (!user) throw new HttpError(404, 'No user has this id.');
  return user;
}

/** `modifiedCount` is 0 when the user already was an admin. */
export async function makeAdmin(id: string): Promise<{ modifiedCount: number }> {
  const target = await findTarget(id);
  const { users } = await collections();
  const { modifiedCount } = await users.updateOne({ _id: target._id }, { $set: { role: 'admin' } });
  return { modifiedCount };
}

/**
 * Deletes a person: their sign-in account at Firebase, their cart and their user record.
 * Refused for the caller's own account (an admin would lock themself out mid-session) and for
 * the last admin (nobody could manage the shop any more). Their payments stay: they are the
 * shop's records of money taken.
 *
 * Firebase goes first: should it fail, the record is still there and the delete can be retried;
 * the other order would leave an account that signs in and quietly gets a new record.
 */
export async function deleteUser(actor: Pick<SessionClaims, 'email'>, id: string): Promise<{ deletedCount: number }> {
  const target = await findTarget(id);
  if (normalizeEmail(target.email) === normalizeEmail(actor.email)) {
    throw new HttpError(400, 'You cannot delete your own account.');
  }
  const { users, carts } = await collections();
  if (target.role === 'admin' && (await users.countDocuments({ role: 'admin', _id: { $ne: target._id } })) === 0) {
    throw new HttpError(409, 'This is the last admin: make someone else admin first.');
  }
  await deleteFirebaseUser(target.email);
  await carts.deleteMany({ email: target.email });
  const { deletedCount } = await users.deleteOne({ _id: target._id });
  return { deletedCount };
}
