/**
 * Records belong to the Firebase uid. What was stored by email before keeps working (claimed at
 * the owner's first sign-in, or by `npm run seed`), and an email address signed up again by
 * somebody else, after its account was deleted, inherits nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { GET as cartRoute } from '@/app/api/carts/route';
import { GET as bookingsRoute, POST as bookRoute } from '@/app/api/bookings/route';
import { POST as jwtRoute } from '@/app/api/jwt/route';
import { GET as paymentsRoute } from '@/app/api/payments/[email]/route';
import { GET as mineRoute } from '@/app/api/review/mine/route';
import { DELETE as deleteUserRoute } from '@/app/api/users/[id]/route';
import { getFirebaseAdminAuth } from '@/lib/auth/firebase-admin';
import { collections, getDb } from '@/lib/db';
import { migrateOwners } from '@/lib/db/owners';
import type { Booking } from '@/lib/reservations/types';
import { addDays, restaurantClock } from '@/lib/reservations/calendar';
import type { Review } from '@/lib/reviews/types';
import { createFirebaseAccount } from '../support/firebase';
import { SITE, call, params, request } from '../support/http';
import { insertLegacyDocuments } from '../support/legacy';
import { makeAdmin, uniqueEmail } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/** Signs in as the browser does after Firebase: the session, as `Authorization` headers. */
async function signIn(idToken: string): Promise<{ token: string; headers: Record<string, string> }> {
  const res = await jwtRoute(request('POST', '/api/jwt', { headers: { origin: SITE }, json: { idToken } }), undefined);
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** Everything of theirs a signed-in person can see. */
async function whatTheySee(email: string, headers: Record<string, string>) {
  return {
    cart: (await call<unknown[]>(cartRoute, `/api/carts?email=${encodeURIComponent(email)}`, { headers })).body,
    payments: (await call<unknown[]>(paymentsRoute, `/api/payments/${email}`, { headers }, params({ email }))).body,
    bookings: (await call<Booking[]>(bookingsRoute, '/api/bookings', { headers })).body,
    review: (await call<Review | null>(mineRoute, '/api/review/mine', { headers })).body,
  };
}

describe('data stored by email before', () => {
  it('is claimed at the first sign-in: the same record, its cart, payments, bookings and review, the review with an id of its own', async () => {
    const email = uniqueEmail('legacy');
    const { users } = await collections();
    const { insertedId: userId } = await users.insertOne({ name: 'Lea Legacy', email, role: 'admin', createdAt: new Date('2024-05-01') });
    await insertLegacyDocuments(await getDb(), email, userId);
    const { idToken, localId } = await createFirebaseAccount(email);

    const { headers } = await signIn(idToken);
    const record = await users.findOne({ email });
    expect(record).toMatchObject({ _id: userId, uid: localId, name: 'Lea Legacy', role: 'admin' });
    const seen = await whatTheySee(email, headers);
    expect(seen.cart).toHaveLength(1);
    expect(seen.payments).toMatchObject([{ price: 9.5, status: 'completed' }]);
    expect(seen.bookings).toMatchObject([{ date: '2030-01-01', time: '19:00', status: 'confirmed' }]);
    expect(seen.review).toMatchObject({ details: 'Kept from before the move.' });
    expect(seen.review!._id).not.toBe(userId.toHexString());
    const { reviews } = await collections();
    expect(await reviews.countDocuments({ email })).toBe(1);
  });

  it('is stamped by npm run seed for records whose email Firebase knows', async () => {
    const email = uniqueEmail('seeded');
    const db = await getDb();
    const { users, carts } = await collections();
    await users.insertOne({ name: 'Sam Seeded', email });
    await insertLegacyDocuments(db, email);
    const result = await migrateOwners(db, async (asked) => (asked === email ? 'uid-from-firebase' : null));
    expect(result.claimed).toBe(1);
    expect(await users.findOne({ email })).toMatchObject({ uid: 'uid-from-firebase' });
    expect(await carts.countDocuments({ email, ownerUid: 'uid-from-firebase' })).toBe(1);
    expect((await migrateOwners(db, async () => 'another-uid')).claimed).toBe(0);
  });
});

describe('an email address used again after its account was deleted', () => {
  const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);

  it('through the app: the new account inherits nothing, not even the documents stored by email before', async () => {
    const email = uniqueEmail('reused');
    const first = await createFirebaseAccount(email);
    const old = await signIn(first.idToken);
    const { users } = await collections();
    const oldRecord = (await users.findOne({ uid: first.localId }))!;
    await insertLegacyDocuments(await getDb(), email);
    const booked = await call(bookRoute, '/api/bookings', { headers: old.headers, json: { date: tomorrow(), time: '19:00', guests: 2, phone: '+1 555 010 2024' } });
    expect(booked.status).toBe(201);

    const admin = await makeAdmin();
    const res = await deleteUserRoute(request('DELETE', `/api/users/${oldRecord._id.toHexString()}`, { headers: admin.headers }), params({ id: oldRecord._id.toHexString() }));
    expect(res.status).toBe(200);
    expect((await call(mineRoute, '/api/review/mine', { headers: old.headers })).status).toBe(401);

    const second = await createFirebaseAccount(email);
    expect(second.localId).not.toBe(first.localId);
    const fresh = await signIn(second.idToken);
    expect(await whatTheySee(email, fresh.headers)).toEqual({ cart: [], payments: [], bookings: [], review: null });
    // The restaurant keeps the old account's payments and bookings, still the old account's.
    const { bookings, payments } = await collections();
    expect(await bookings.countDocuments({ email, ownerUid: first.localId })).toBe(2);
    expect(await payments.countDocuments({ email, ownerUid: first.localId })).toBe(1);
  });

  it('outside the app (in the Firebase console): the old record is retired at the new sign-in, and nothing passes over', async () => {
    const email = uniqueEmail('console');
    const first = await createFirebaseAccount(email);
    const old = await signIn(first.idToken);
    const booked = await call(bookRoute, '/api/bookings', { headers: old.headers, json: { date: tomorrow(), time: '20:00', guests: 3, phone: '+1 555 010 2024' } });
    expect(booked.status).toBe(201);
    await getFirebaseAdminAuth().deleteUser(first.localId);

    const second = await createFirebaseAccount(email);
    const fresh = await signIn(second.idToken);
    const { users } = await collections();
    expect(await users.findOne({ uid: first.localId })).toBeNull();
    expect(await users.findOne({ email })).toMatchObject({ uid: second.localId });
    expect((await whatTheySee(email, fresh.headers)).bookings).toEqual([]);
    expect((await call(mineRoute, '/api/review/mine', { headers: old.headers })).status).toBe(401);
  });

  it('an account whose address moved at Firebase keeps its record under the new address', async () => {
    const email = uniqueEmail('mover');
    const moved = uniqueEmail('moved');
    const account = await createFirebaseAccount(email);
    await signIn(account.idToken);
    await getFirebaseAdminAuth().updateUser(account.localId, { email: moved });
    // Someone else signs up with the address the first account left.
    const newcomer = await createFirebaseAccount(email);
    await signIn(newcomer.idToken);
    const { users } = await collections();
    expect(await users.findOne({ uid: account.localId })).toMatchObject({ email: moved });
    expect(await users.findOne({ uid: newcomer.localId })).toMatchObject({ email });
    expect(await users.countDocuments({ email: { $in: [email, moved] } })).toBe(2);
  });
});
