/**
 * The people a test acts as: a user record (staff or an admin when asked) keyed by a uid, and a session
 * token for it, ready to send as `Authorization: Bearer` or as the session cookie; and the same
 * person as the data layer sees them (`viewerOf`), for calling lib/ functions directly.
 */
import { createSessionToken } from '@/lib/auth/session';
import type { Role } from '@/lib/auth/roles';
import { requireViewer, type Admin, type Shopper, type Staff, type Viewer } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import { guestAddress } from '@/lib/users/guest-address';
import { guestUntil } from '@/lib/users/guests';
import { request } from './http';

/** Who a test calls as. */
export type CallerKind = 'anonymous' | Role;

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

export interface PersonOptions {
  email?: string;
  name?: string;
  /** The Firebase uid, when the test made a real account in the emulator. */
  uid?: string;
  emailVerified?: boolean;
}

export async function makePerson(role: Role, options: PersonOptions = {}): Promise<Person> {
  const uid = options.uid ?? `uid-${role}-${Date.now().toString(36)}-${++serial}`;
  // A guest's record is what sign-in makes for a Firebase anonymous account (lib/users/sign-in.ts).
  const guest = role === 'guest';
  const { email = guest ? guestAddress(uid) : uniqueEmail(role), name = guest ? 'Guest' : `Test ${role} ${++serial}` } = options;
  const { users } = await collections();
  const now = new Date();
  const { insertedId } = await users.insertOne({
    uid,
    name,
    email,
    emailVerified: guest ? false : (options.emailVerified ?? true),
    createdAt: now,
    ...(role === 'diner' || guest ? {} : { role }),
    ...(guest ? { guestUntil: guestUntil(now) } : {}),
  });
  const token = await sessionTokenFor({ uid, email, name });
  return { id: insertedId.toHexString(), uid, email, name, token, headers: { authorization: `Bearer ${token}` } };
}

export const makeGuest = (options?: PersonOptions) => makePerson('guest', options);
export const makeDiner = (options?: PersonOptions) => makePerson('diner', options);
export const makeStaff = (options?: PersonOptions) => makePerson('staff', options);
export const makeAdmin = (options?: PersonOptions) => makePerson('admin', options);

/** A new session token for the person, under the session version their record has now. */
export async function sessionTokenFor(identity: { uid: string; email: string; name?: string }): Promise<string> {
  const { users } = await collections();
  const record = await users.findOne({ uid: identity.uid });
  return createSessionToken(identity, record?.sessionVersion ?? 0);
}

/** The headers of each kind of caller: nobody, and a signed-in person of each role. */
export async function callers(): Promise<Record<CallerKind, Record<string, string>>> {
  return {
    anonymous: {},
    guest: (await makeGuest()).headers,
    diner: (await makeDiner()).headers,
    staff: (await makeStaff()).headers,
    admin: (await makeAdmin()).headers,
  };
}

/** The person as the data layer knows them, resolved from their token the way a route handler does. */
export function viewerOf(person: Person): Promise<Viewer> {
  return requireViewer(request('GET', '/', { headers: person.headers }));
}

/** Anybody with a session, a guest too, as the data layer knows them. */
export function shopperOf(person: Person): Promise<Shopper> {
  return requireViewer(request('GET', '/', { headers: person.headers }), 'guest');
}

/** What a shopper's checkout carries besides their choices: a guest gives an email and a name, nobody else does. */
export function contactOf(shopper: { role: Role; uid: string }): { guest?: { email: string; name: string } } {
  return shopper.role === 'guest' ? { guest: { email: `guest.${shopper.uid.toLowerCase()}@bistro.test`, name: 'Gus Guest' } } : {};
}

export function staffOf(person: Person): Promise<Staff> {
  return requireViewer(request('GET', '/', { headers: person.headers }), 'staff');
}

export function adminOf(person: Person): Promise<Admin> {
  return requireViewer(request('GET', '/', { headers: person.headers }), 'admin');
}
