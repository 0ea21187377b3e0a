import 'server-only';
import type { WithId } from 'mongodb';
import { collections, isDuplicateKeyError, toObjectId } from '@/lib/db';
import type { UserDoc } from '@/lib/db/documents';
import type { UserRecord } from './types';
import { HttpError } from '@/lib/api/http';
import { requireUser, type SessionClaims } from '@/lib/auth/session';

/** The one place that reads and writes user records and decides who is an admin. */

function toRecord(doc: WithId<UserDoc>): UserRecord {
  return { _id: doc._id.toHexString(), name: doc.name, email: doc.email, ...(doc.role ? { role: doc.role } : {}) };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** ADMIN_EMAILS: comma-separated emails that become admins when their record is created. */
function bootstrapAdmins(): Set<string> {
  return new Set(
    (process.env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => normalizeEmail(e))
      .filter(Boolean),
  );
}

/**
 * Creates the record for a verified user if there is none. Answers the new id only when a
 * record was created. The role is never taken from the caller.
 */
export async function ensureUser(identity: { email: string; name?: string }): Promise<{ insertedId?: string }> {
  const { users } = await collections();
  const email = normalizeEmail(identity.email);
  if (await users.findOne({ email })) return {};
  const doc: UserDoc = { name: identity.name?.trim() || email.split('@')[0] || email, email, createdAt: new Date() };
  if (bootstrapAdmins().has(email)) doc.role = 'admin';
  try {
    const result = await users.insertOne(doc);
    return { insertedId: result.insertedId.toHexString() };
  } catch (err) {
    // Two sign-in tabs at once: the unique index lets one insert win; the other is not new.
    if (isDuplicateKeyError(err)) return {};
    throw err;
  }
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const { users } = await collections();
  const doc = await users.findOne({ email: normalizeEmail(email) });
  return doc ? toRecord(doc) : null;
}

export async function isAdmin(email: string): Promise<boolean> {
  return (await findUserByEmail(email))?.role === 'admin';
}

export async function listUsers(): Promise<UserRecord[]> {
  const { users } = await collections();
  return (await users.find({}).sort({ _id: 1 }).toArray()).map(toRecord);
}

export async function findUserById(id: string): Promise<UserRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { users } = await collections();
  const doc = await users.findOne({ _id });
  return doc ? toRecord(doc) : null;
}

/** The signed-in caller, who must be an admin according to the database: else 401 or 403. */
export async function requireAdmin(req: Request): Promise<SessionClaims> {
  const user = await requireUser(req);
  if (!(await isAdmin(user.email))) throw new HttpError(403, 'Only admins may do this.');
  return user;
}

/** The caller's own email only: 403 for anybody else's. */
export function assertOwnEmail(user: SessionClaims, email: string): void {
  if (normalizeEmail(email) !== normalizeEmail(user.email)) {
    throw new HttpError(403, "You may only see your own account's data.");
  }
}
