/**
 * The people a test acts as: a user record (an admin when asked) and a session token for it,
 * ready to send as `Authorization: Bearer` or as the session cookie.
 */
import { createSessionToken } from '@/lib/auth/session';
import { collections } from '@/lib/db';

export type Role = 'anonymous' | 'diner' | 'admin';

export interface Person {
  /** The user record's id. */
  id: string;
  uid: string;
  email: string;
  name: string;
  token: string;
  /** `Authorization: Bearer <token>`. */
  headers: Record<string, string>;
}

let serial = 0;

/** An email no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++serial}@bistro.test`;

export async function makePerson(role: 'diner' | 'admin', { email = uniqueEmail(role), name = `Test ${role} ${++serial}` } = {}): Promise<Person> {
  const { users } = await collections();
  const { insertedId } = await users.insertOne({ name, email, createdAt: new Date(), ...(role === 'admin' ? { role: 'admin' as const } : {}) });
  const id = insertedId.toHexString();
  const uid = `uid-${id}`;
  const token = await createSessionToken({ uid, email, name });
  return { id, uid, email, name, token, headers: { authorization: `Bearer ${token}` } };
}

export const makeDiner = (options?: { email?: string; name?: string }) => makePerson('diner', options);
export const makeAdmin = (options?: { email?: string; name?: string }) => makePerson('admin', options);

/** The headers of each kind of caller: nobody, a signed-in diner, a signed-in admin. */
export async function callers(): Promise<Record<Role, Record<string, string>>> {
  return { anonymous: {}, diner: (await makeDiner()).headers, admin: (await makeAdmin()).headers };
}
