/**
 * Shared by the admin handler tests: people with real session tokens (`Authorization: Bearer`),
 * requests shaped like a browser's, and the module mocks every file needs.
 */
import { vi } from 'vitest';
import { createSessionToken } from '@/lib/auth/session';
import { collections } from '@/lib/db';
import type { MenuItemDoc } from '@/lib/definitions';

export const BASE = 'http://localhost';

export type Role = 'anonymous' | 'diner' | 'admin';

export interface Person {
  id: string;
  email: string;
  name: string;
  headers: Record<string, string>;
}

let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++serial}@bistro.test`;

/** A user record (an admin when asked) and a session token for it. */
export async function seedPerson(role: 'diner' | 'admin', email = unique(role)): Promise<Person> {
  const { users } = await collections();
  const name = `Test ${role} ${serial}`;
  const { insertedId } = await users.insertOne({ name, email, createdAt: new Date(), ...(role === 'admin' ? { role: 'admin' as const } : {}) });
  const token = await createSessionToken({ uid: `uid-${insertedId.toHexString()}`, email, name });
  return { id: insertedId.toHexString(), email, name, headers: { authorization: `Bearer ${token}` } };
}

/** The headers of each kind of caller: nobody, a signed-in diner, a signed-in admin. */
export async function callers(): Promise<Record<Role, Record<string, string>>> {
  return { anonymous: {}, diner: (await seedPerson('diner')).headers, admin: (await seedPerson('admin')).headers };
}

export async function seedItem(overrides: Partial<MenuItemDoc> = {}): Promise<string> {
  const { menu } = await collections();
  const { insertedId } = await menu.insertOne({
    name: 'Test Soup',
    category: 'soup',
    price: 9.5,
    recipe: 'Stock, leeks',
    image: '/images/menu/soup.svg',
    ...overrides,
  });
  return insertedId.toHexString();
}

interface Init {
  headers?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
}

export function request(method: string, path: string, { headers = {}, json, body }: Init = {}): Request {
  return new Request(`${BASE}${path}`, {
    method,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? body : JSON.stringify(json),
  });
}

export const params = <P,>(value: P) => ({ params: Promise.resolve(value) });

export async function errorOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: unknown };
  return String(body.error);
}

/** A 1×1 transparent PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);

export function imageForm(bytes: Uint8Array<ArrayBuffer>, filename = 'dish.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), filename);
  return form;
}

/**
 * `vi.mock` factories (vitest hoists the calls, so each file names them itself):
 * - next/cache: revalidatePath needs a Next.js server around it; the tests check what is asked.
 * - Firebase: the real deletion against the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST is
 *   set (as `npm test` does), else a no-op; either way the call is recorded.
 */
export const mockNextCache = () => ({ revalidatePath: vi.fn() });

export async function mockFirebaseAdmin(importOriginal: () => Promise<typeof import('@/lib/auth/firebase-admin')>) {
  const real = await importOriginal();
  return {
    ...real,
    deleteFirebaseUser: vi.fn(async (who: string) => (process.env.FIREBASE_AUTH_EMULATOR_HOST ? real.deleteFirebaseUser(who) : false)),
  };
}
