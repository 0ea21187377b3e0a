/**
 * Records belong to the Firebase uid. What was stored by email before is given to its owner by a
 * migration (lib/db/migrations/003-owners.ts) and seen at their sign-in; an email address signed
 * up again by somebody else, after its account was deleted or before the migration ran,
 * inherits nothing.
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
import { reviewIds } from '@/lib/db/migrations/002-review-ids';
import { owners } from '@/lib/db/migrations/003-owners';
import type { Booking } from '@/lib/reservations/types';
import { addDays } from '@/lib/reservations/calendar';
import type { Review } from '@/lib/reviews/types';
import { createFirebaseAccount } from '../support/firebase';
import { SITE, call, params, request } from '../support/http';
import { insertLegacyDocuments, insertLegacyUser } from '../support/legacy';
import { makeAdmin, uniqueEmail } from '../support/people';
import { restaurantClock } from '../support/clock';

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

/** What the migrations of records stored by email do when a database is upgraded. */
async function migrate(): Promise<void> {
  const db = await getDb();
  await reviewIds.up(db);
  await owners.up(db);
}

describe('data stored by email before, once migrated', () => {
  it('is its owner’s at sign-in: the same record, its cart, payments, bookings and review, the review with an id of its own', async () => {
    const email = uniqueEmail('legacy');
    const { idToken, localId } = await createFirebaseAccount(email);
    const db = await getDb();
    const userId = await insertLegacyUser(db, email, { role: 'admin' });
    await insertLegacyDocuments(db, email, { userId });
    await migrate();

    const { headers } = await signIn(idToken);
    const { users, reviews } = await collections();
    expect(await users.findOne({ email })).toMatchObject({ _id: userId, uid: localId, name: 'Lea Legacy', role: 'admin' });
    const seen = await whatTheySee(email, headers);
    expect(seen.cart).toHaveLength(1);
    expect(seen.payments).toMatchObject([{ price: 9.5, status: 'completed' }]);
    expect(seen.bookings).toMatchObject([{ date: '2030-01-01', time: '19:00', status: 'confirmed' }]);
    expect(seen.review).toMatchObject({ details: 'Kept from before the move.' });
    expect(seen.review!._id).not.toBe(userId.toHexString());
    expect(await reviews.countDocuments({ email })).toBe(1);
  });

  it('whose address Firebase did not know: a later sign-up with it inherits nothing, and the record it finds is retired', async () => {
    const email = uniqueEmail('unknown');
    const db = await getDb();
    const userId = await insertLegacyUser(db, email);
    await insertLegacyDocuments(db, email, { userId });
    await migrate();
    const { users, bookings } = await collections();
    const unclaimed = `unclaimed:${userId.toHexString()}`;
    expect(await users.findOne({ email })).toMatchObject({ uid: unclaimed });

    const { idToken, localId } = await createFirebaseAccount(email);
    const { headers } = await signIn(idToken);
    expect(await whatTheySee(email, headers)).toEqual({ cart: [], payments: [], bookings: [], review: null });
    expect(await users.findOne({ email })).toMatchObject({ uid: localId });
    expect(await users.findOne({ _id: userId })).toBeNull();
    // The restaurant keeps the bookings and payments, still nobody's.
    expect(await bookings.countDocuments({ email, ownerUid: unclaimed })).toBe(1);
  });

  it('older than the account that has its address now: that account is somebody who signed up with it later, and gets nothing', async () => {
    const email = uniqueEmail('stranger');
    const db = await getDb();
    await insertLegacyDocuments(db, email, { at: new Date(Date.now() - 200 * 86_400_000) });
    const { idToken, localId } = await createFirebaseAccount(email);
    await migrate();
    const { headers } = await signIn(idToken);
    expect(await whatTheySee(email, headers)).toEqual({ cart: [], payments: [], bookings: [], review: null });
    const { payments } = await collections();
    expect(await payments.countDocuments({ email, ownerUid: localId })).toBe(0);
    expect(await payments.countDocuments({ email, ownerUid: /^unclaimed:/ })).toBe(1);
  });
});

describe('an email address used again after its account was deleted', () => {
  const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);

  it('through the app: the new account inherits nothing', async () => {
    const email = uniqueEmail('reused');
    const first = await createFirebaseAccount(email);
    const old = await signIn(first.idToken);
    const { users } = await collections();
    const oldRecord = (await users.findOne({ uid: first.localId }))!;
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
    // The restaurant keeps the old account's bookings, still the old account's.
    const { bookings } = await collections();
    expect(await bookings.countDocuments({ email, ownerUid: first.localId })).toBe(1);
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
