/** Managing people: make admin, delete (with their cart and Firebase account), and the guard rails. */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listUsers } from '@/app/api/users/route';
import { GET as adminCheck, PATCH as promoteRoute } from '@/app/api/users/admin/[key]/route';
import { DELETE as deleteUserRoute } from '@/app/api/users/[id]/route';
import { deleteFirebaseUser, getFirebaseAdminAuth } from '@/lib/auth/firebase-admin';
import { collections } from '@/lib/db';
import { deleteUser } from '@/lib/users/admin';
import type { UserRecord } from '@/lib/users/types';
import { createFirebaseAccount } from '../support/firebase';
import { errorOf, params, request } from '../support/http';
import { adminOf, makeAdmin, makeDiner, sessionTokenFor, type Person } from '../support/people';

vi.mock('@/lib/auth/firebase-admin', async (importOriginal) => (await import('../support/mocks')).mockFirebaseAdmin(importOriginal));

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

let admin: Person;
beforeAll(async () => {
  admin = await makeAdmin();
});

const promote = (id: string, by = admin) => promoteRoute(request('PATCH', `/api/users/admin/${id}`, { headers: by.headers }), params({ key: id }));
const remove = (id: string, by = admin) => deleteUserRoute(request('DELETE', `/api/users/${id}`, { headers: by.headers }), params({ id }));

async function listed(): Promise<UserRecord[]> {
  return (await (await listUsers(request('GET', '/api/users', { headers: admin.headers }), undefined)).json()) as UserRecord[];
}

describe('GET /api/users', () => {
  it('lists every user with id, name, email and role', async () => {
    const diner = await makeDiner();
    const users = await listed();
    expect(users.find((u) => u.email === diner.email)).toEqual({ _id: diner.id, name: diner.name, email: diner.email });
    expect(users.find((u) => u.email === admin.email)).toMatchObject({ role: 'admin' });
  });
});

describe('PATCH /api/users/admin/{id}', () => {
  it('makes the user an admin ({ modifiedCount: 1 }), whose next session passes the admin check', async () => {
    const diner = await makeDiner();
    const res = await promote(diner.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    const adminCheckAs = (headers: Record<string, string>) =>
      adminCheck(request('GET', `/api/users/admin/${diner.email}`, { headers }), params({ key: diner.email }));
    // A role change ends the sessions made before it.
    expect((await adminCheckAs(diner.headers)).status).toBe(401);
    const check = await adminCheckAs({ authorization: `Bearer ${await sessionTokenFor(diner)}` });
    expect(await check.json()).toEqual({ admin: true });
    expect((await promote(diner.id)).status).toBe(200);
    expect(await (await promote(diner.id)).json()).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await promote('aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    const bad = await promote(admin.email);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Malformed user id.');
  });

  it('still answers GET with the admin flag for the caller\'s own email only', async () => {
    const own = await adminCheck(request('GET', `/api/users/admin/${admin.email}`, { headers: admin.headers }), params({ key: admin.email }));
    expect(await own.json()).toEqual({ admin: true });
    const other = await adminCheck(request('GET', '/api/users/admin/x', { headers: admin.headers }), params({ key: 'someone@bistro.test' }));
    expect(other.status).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the record, their cart and their Firebase account, and nobody else\'s', async () => {
    const email = `target.${Date.now()}@bistro.test`;
    const target = await makeDiner({ email, ...(emulatorHost ? { uid: (await createFirebaseAccount(email)).localId } : {}) });
    const bystander = await makeDiner();
    const { carts, users } = await collections();
    const line = { menuId: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Soup', image: '/x.svg', price: 5, quantity: 1, options: [], unitCents: 500, itemKey: 'k' };
    await carts.insertMany([
      { ...line, ownerUid: target.uid, email: target.email },
      { ...line, ownerUid: target.uid, email: target.email, note: 'a second line' },
      { ...line, ownerUid: bystander.uid, email: bystander.email },
    ]);

    const res = await remove(target.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await users.findOne({ email: target.email })).toBeNull();
    expect(await carts.countDocuments({ email: target.email })).toBe(0);
    expect(await carts.countDocuments({ email: bystander.email })).toBe(1);
    expect(await users.findOne({ email: bystander.email })).not.toBeNull();
    expect(deleteFirebaseUser).toHaveBeenCalledWith(target.uid);
    if (emulatorHost) {
      await expect(getFirebaseAdminAuth().getUserByEmail(target.email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    }
  });

  it('deletes a record nobody could claim when its data was migrated: Firebase has no account for its owner', async () => {
    const { users, bookings } = await collections();
    const insertedId = new ObjectId();
    const uid = `unclaimed:${insertedId.toHexString()}`;
    await users.insertOne({ _id: insertedId, uid, name: 'Nobody Now', email: `nobody.${Date.now()}@bistro.test` });
    await bookings.insertOne({ ownerUid: uid, email: 'nobody@bistro.test', name: 'Nobody Now', date: '2030-01-01', time: '19:00', guests: 2, phone: '+1 555 010 2024', status: 'confirmed', createdAt: new Date() });
    const res = await remove(insertedId.toHexString());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await bookings.countDocuments({ ownerUid: uid })).toBe(1);
  });

  it('refuses an admin deleting their own account (400) and keeps it', async () => {
    const res = await remove(admin.id);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('You cannot delete your own account.');
    expect((await listed()).some((u) => u.email === admin.email)).toBe(true);
  });

  it('lets one admin delete another while an admin remains', async () => {
    const other = await makeAdmin();
    expect((await remove(other.id)).status).toBe(200);
  });

  it('never deletes the last admin', async () => {
    const caller = await adminOf(await makeAdmin());
    const { users } = await collections();
    await users.updateMany({ role: 'admin', email: { $ne: admin.email } }, { $unset: { role: '' } });
    // Only reachable when the caller is no longer an admin themself (a race with another admin
    // removing them): the rule is in the library, so every path obeys it.
    const err = await deleteUser(caller, admin.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, message: 'This is the last admin: make someone else admin first.' });
    expect(await users.countDocuments({ role: 'admin' })).toBe(1);
    expect(await users.findOne({ uid: admin.uid })).toMatchObject({ role: 'admin' });
  });

  it('never leaves the shop without an admin when the last two delete each other at once', async () => {
    const { users } = await collections();
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await makeAdmin(), await makeAdmin()];
      const [asA, asB] = [await adminOf(a), await adminOf(b)];
      await users.updateMany({ role: 'admin', uid: { $nin: [a.uid, b.uid] } }, { $unset: { role: '' } });
      // Called directly, both deletions advance await by await together: a check-then-delete lets both through.
      const results = await Promise.allSettled([deleteUser(asA, b.id), deleteUser(asB, a.id)]);
      expect(await users.countDocuments({ role: 'admin' })).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    }
    await users.updateOne({ uid: admin.uid }, { $set: { role: 'admin' } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await remove('aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await remove('../admin')).status).toBe(400);
  });
});
