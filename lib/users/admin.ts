import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { deleteFirebaseUser } from '@/lib/auth/firebase-admin';
import type { AccountRole } from '@/lib/auth/roles';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId, type AppUpdate, type Filter } from '@/lib/db';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import { nameForms, prefixRange } from '@/lib/pagination/search';
import type { UserDoc } from '@/lib/db/documents';
import { forgetUser } from './forget';
import type { UsersQuery } from './schemas';
import type { UserRecord } from './types';

/** What admins do to other people's accounts, and the rules that protect the shop from its admins. */

function toRecord(doc: WithId<UserDoc>): UserRecord {
  return { _id: doc._id.toHexString(), name: doc.name, email: doc.email, ...(doc.role ? { role: doc.role } : {}) };
}

/** A page of the people with an account (guests, lib/users/guests.ts, have none to manage), newest first, by the start of their name or email and by role. */
export async function listUsers(admin: Admin, { limit, cursor, ...filters }: UsersQuery = {}): Promise<Paged<UserRecord>> {
  authorize(admin, 'admin');
  const { users } = await collections();
  const filter: Filter<UserDoc> = { guestUntil: { $exists: false } };
  // A diner has no role stored.
  if (filters.role) filter.role = filters.role === 'diner' ? { $exists: false } : filters.role;
  if (filters.search) filter.$or = [{ email: prefixRange(filters.search.toLowerCase()) }, ...nameForms(filters.search).map((form) => ({ name: prefixRange(form) }))];
  const page = await readPage(users, { list: 'users', scope: filters, filter }, { limit, cursor });
  return mapPage(page, (docs) => docs.map(toRecord));
}

async function findTarget(id: string): Promise<WithId<UserDoc>> {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed user id.');
  const { users } = await collections();
  const user = await users.findOne({ _id });
  if (!user) throw new HttpError(404, 'No user has this id.');
  return user;
}

const LAST_ADMIN = 'This is the last admin: make someone else admin first.';

/**
 * Takes the admin role from `target` (`update` says what they become), unless that would leave no
 * admin. The role goes first, in one conditional write, and only then are the admins counted: of
 * any number of removals racing (two admins deleting each other), each one counts after its own
 * write, so the last to count sees every removal before it, finds no admin left, and puts its role
 * back. No second record of who is admin is needed, which scripts and the seed, writing `role`
 * directly, could leave behind. Answers how to put the role back, and whether this call took it.
 */
async function takeAdminRole(
  target: WithId<UserDoc>,
  update: AppUpdate<UserDoc> = { $unset: { role: '' } },
): Promise<{ taken: boolean; restore: () => Promise<void> }> {
  const { users } = await collections();
  const { modifiedCount } = await users.updateOne({ _id: target._id, role: 'admin' }, update);
  const restore = async () => {
    if (modifiedCount) await users.updateOne({ _id: target._id }, { $set: { role: 'admin' } });
  };
  if (modifiedCount && (await users.countDocuments({ role: 'admin' })) === 0) {
    await restore();
    throw new HttpError(409, LAST_ADMIN);
  }
  return { taken: modifiedCount === 1, restore };
}

/**
 * Gives the user with this id `role` (diner, staff or admin): `{ modifiedCount }`, 0 when they
 * already had it. Their sessions end, as after every role change, so their next sign-in carries
 * the pages of the new role. Nobody changes their own role (an admin would lock themself out
 * mid-session), and the last admin keeps theirs. The write matches the role it was decided on:
 * of two admins changing one person at once, the second is told (409) rather than overriding.
 */
export async function setRole(admin: Admin, id: string, role: AccountRole): Promise<{ modifiedCount: number }> {
  authorize(admin, 'admin');
  const target = await findTarget(id);
  if (target.guestUntil) throw new HttpError(409, 'This is a guest: only people with an account can be given a role.');
  const current: AccountRole = target.role ?? 'diner';
  if (current === role) return { modifiedCount: 0 };
  if (target._id.toHexString() === admin.userId) throw new HttpError(400, 'You cannot change your own role.');
  const update: AppUpdate<UserDoc> = { ...(role === 'diner' ? { $unset: { role: '' } } : { $set: { role } }), $inc: { sessionVersion: 1 } };
  const { users } = await collections();
  const changed =
    current === 'admin'
      ? (await takeAdminRole(target, update)).taken
      : (await users.updateOne({ _id: target._id, role: target.role ?? { $exists: false }, guestUntil: { $exists: false } }, update)).modifiedCount === 1;
  if (changed) return { modifiedCount: 1 };
  const now = await users.findOne({ _id: target._id });
  if (!now) throw new HttpError(404, 'No user has this id.');
  if ((now.role ?? 'diner') === role) return { modifiedCount: 0 };
  throw new HttpError(409, `Someone just made ${now.name} ${now.role ?? 'diner'}. Reload the list and try again.`);
}

/**
 * Deletes a person: their sign-in account at Firebase, their cart and their user record (which
 * ends their sessions at once). Refused for the caller's own account (an admin would lock
 * themself out mid-session) and for the last admin. Their payments and bookings stay: they are
 * the shop's records.
 *
 * Firebase goes first: should it fail, the record is still there and the delete can be retried;
 * the other order would leave an account that signs in and quietly gets a new record.
 */
export async function deleteUser(admin: Admin, id: string): Promise<{ deletedCount: number }> {
  authorize(admin, 'admin');
  const target = await findTarget(id);
  if (target._id.toHexString() === admin.userId) throw new HttpError(400, 'You cannot delete your own account.');
  const { restore: restoreRole } = await takeAdminRole(target);
  try {
    await deleteFirebaseUser(target.uid);
  } catch (err) {
    await restoreRole();
    throw err;
  }
  return forgetUser(target);
}
