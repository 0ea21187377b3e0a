/**
 * Every admin endpoint × every kind of caller: anonymous 401, diner 403, admin success. Each case
 * gets fresh targets, and a refused call must leave the data as it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { POST as addItem } from '@/app/api/menu/route';
import { DELETE as deleteItem, PATCH as updateItem } from '@/app/api/menu/[id]/route';
import { POST as uploadImage } from '@/app/api/images/route';
import { GET as listUsers } from '@/app/api/users/route';
import { PATCH as promoteRoute } from '@/app/api/users/admin/[key]/route';
import { DELETE as deleteUser } from '@/app/api/users/[id]/route';
import { collections, toObjectId } from '@/lib/db';
import { readLocalImage } from '@/lib/images/local-store';
import { SITE, errorOf, params, request } from '../support/http';
import { PNG, imageForm } from '../support/images';
import { seedItem } from '../support/menu';
import { callers, makeAdmin, makeDiner, type CallerKind } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());
vi.mock('@/lib/auth/firebase-admin', async (importOriginal) => (await import('../support/mocks')).mockFirebaseAdmin(importOriginal));

interface Endpoint {
  name: string;
  /** Sets up what the call needs, calls it with these headers, and says whether data changed. */
  call: (headers: Record<string, string>) => Promise<{ res: Response; changed: () => Promise<boolean> }>;
  ok: number;
}

const newItem = { name: 'Matrix Pie', category: 'dessert', price: 7.25, recipe: 'Apples', image: '/images/menu/dessert.svg' };

async function menuItemExists(id: string) {
  const { menu } = await collections();
  return (await menu.findOne({ _id: toObjectId(id)! })) !== null;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/menu',
    ok: 201,
    async call(headers) {
      const name = `${newItem.name} ${Math.random()}`;
      const res = await addItem(request('POST', '/api/menu', { headers, json: { ...newItem, name } }), undefined);
      const { menu } = await collections();
      return { res, changed: async () => (await menu.countDocuments({ name })) > 0 };
    },
  },
  {
    name: 'PATCH /api/menu/{id}',
    ok: 200,
    async call(headers) {
      const id = await seedItem();
      const res = await updateItem(request('PATCH', `/api/menu/${id}`, { headers, json: { price: 99 } }), params({ id }));
      const { menu } = await collections();
      return { res, changed: async () => (await menu.findOne({ _id: toObjectId(id)! }))?.price === 99 };
    },
  },
  {
    name: 'DELETE /api/menu/{id}',
    ok: 200,
    async call(headers) {
      const id = await seedItem();
      const res = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers }), params({ id }));
      return { res, changed: async () => !(await menuItemExists(id)) };
    },
  },
  {
    name: 'POST /api/images',
    ok: 201,
    async call(headers) {
      // Trailing bytes make this picture's content address its own: was it stored?
      const bytes = Uint8Array.from([...PNG, ...randomBytes(8)]);
      const res = await uploadImage(request('POST', '/api/images', { headers, body: imageForm(bytes) }), undefined);
      const name = `${createHash('sha256').update(bytes).digest('hex')}.png`;
      return { res, changed: async () => (await readLocalImage(name)) !== null };
    },
  },
  {
    name: 'GET /api/users',
    ok: 200,
    async call(headers) {
      const res = await listUsers(request('GET', '/api/users', { headers }), undefined);
      return { res, changed: async () => false };
    },
  },
  {
    name: 'PATCH /api/users/admin/{id}',
    ok: 200,
    async call(headers) {
      const target = await makeDiner();
      const res = await promoteRoute(request('PATCH', `/api/users/admin/${target.id}`, { headers }), params({ key: target.id }));
      const { users } = await collections();
      return { res, changed: async () => (await users.findOne({ email: target.email }))?.role === 'admin' };
    },
  },
  {
    name: 'DELETE /api/users/{id}',
    ok: 200,
    async call(headers) {
      const target = await makeDiner();
      const res = await deleteUser(request('DELETE', `/api/users/${target.id}`, { headers }), params({ id: target.id }));
      const { users } = await collections();
      return { res, changed: async () => (await users.findOne({ email: target.email })) === null };
    },
  },
];

const expected: Record<Exclude<CallerKind, 'admin'>, { status: number; error: string }> = {
  anonymous: { status: 401, error: 'Please log in.' },
  diner: { status: 403, error: 'Only admins may do this.' },
};

describe.each(endpoints)('$name', (endpoint) => {
  it.each(['anonymous', 'diner'] as const)('refuses %s callers and changes nothing', async (role) => {
    const { res, changed } = await endpoint.call((await callers())[role]);
    expect(res.status).toBe(expected[role].status);
    expect(await errorOf(res)).toBe(expected[role].error);
    expect(await changed()).toBe(false);
  });

  it('serves admins', async () => {
    const { res, changed } = await endpoint.call((await callers()).admin);
    expect(res.status).toBe(endpoint.ok);
    expect(await res.json()).not.toHaveProperty('error');
    if (endpoint.name !== 'GET /api/users') expect(await changed()).toBe(true);
  });
});

describe('an admin whose role was taken away', () => {
  it('is refused at once: the role is read from the database, not from the token', async () => {
    const admin = await makeAdmin();
    const { users } = await collections();
    await users.updateOne({ email: admin.email }, { $unset: { role: '' } });
    const res = await listUsers(request('GET', '/api/users', { headers: admin.headers }), undefined);
    expect(res.status).toBe(403);
  });
});

describe('cookie sessions', () => {
  it('refuse an admin write that does not come from our own pages (no Origin)', async () => {
    const admin = await makeAdmin();
    const cookie = `bistro_session=${admin.headers.authorization!.slice('Bearer '.length)}`;
    const id = await seedItem();
    const res = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers: { cookie } }), params({ id }));
    expect(res.status).toBe(403);
    expect(await menuItemExists(id)).toBe(true);
    const same = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers: { cookie, origin: SITE } }), params({ id }));
    expect(same.status).toBe(200);
  });
});
