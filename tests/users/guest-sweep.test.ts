/**
 * The idle-guest sweep removes only what is a guest's and idle: an anonymous Firebase account
 * whose owner has not been seen for 30 days (any signed-in request counts, not only a paid
 * order), never one upgraded to an email at Firebase since; and it voids the guest's open
 * checkouts first, so the reconciler cancels them at Stripe instead of leaving them open there.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as sessionRoute } from '@/app/api/session/route';
import { POST as jwtRoute } from '@/app/api/jwt/route';
import type { SessionResponse } from '@/lib/auth/types';
import { firebaseAccount } from '@/lib/auth/firebase-admin';
import { collections } from '@/lib/db';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { removeIdleGuests } from '@/lib/users/guests';
import { anonymousSignIn, linkEmailPassword } from '../support/firebase';
import { SITE, call, request } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { uniqueEmail, type Person } from '../support/people';
import { addLines, checkout, withFakeStripe } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const DAY = 24 * 60 * 60 * 1000;
const fake = withFakeStripe();
beforeEach(() => setRateLimitStore(new MemoryRateLimitStore()));

/** Continue as guest, as the browser does it: a Firebase anonymous account, then its session. */
async function realGuest(): Promise<Person & { idToken: string }> {
  const account = await anonymousSignIn();
  const res = await jwtRoute(request('POST', '/api/jwt', { headers: { origin: SITE }, json: { idToken: account.idToken } }), undefined);
  const { token } = (await res.json()) as { token: string };
  const record = (await (await collections()).users.findOne({ uid: account.localId }))!;
  return { id: record._id.toHexString(), uid: account.localId, email: record.email, name: record.name, token, headers: { authorization: `Bearer ${token}` }, idToken: account.idToken };
}

/** The guest's record, as if they were last seen `days` ago (and so idle since `days - 30` days). */
async function lastSeen(uid: string, days: number) {
  await (await collections()).users.updateOne({ uid }, { $set: { guestUntil: new Date(Date.now() - days * DAY + 30 * DAY) } });
}

describe('the idle-guest sweep', () => {
  it('keeps a guest who was seen since, whatever they did: a signed-in request counts', async () => {
    const guest = await realGuest();
    await lastSeen(guest.uid, 31);
    // They come back and look at the menu (the page asks who is signed in).
    expect((await call<SessionResponse>(sessionRoute, '/api/session', { as: guest })).body.user?.role).toBe('guest');
    await removeIdleGuests();
    expect(await (await collections()).users.findOne({ uid: guest.uid })).not.toBeNull();
    expect(await firebaseAccount(guest.uid)).not.toBeNull();
  });

  it('never deletes an account upgraded to an email at Firebase, even before its owner signed in here again', async () => {
    const guest = await realGuest();
    const email = uniqueEmail('upgraded');
    await linkEmailPassword(guest.idToken, email);
    await lastSeen(guest.uid, 31);
    await removeIdleGuests();
    expect(await firebaseAccount(guest.uid)).toEqual({ email });
    expect(await (await collections()).users.findOne({ uid: guest.uid })).not.toBeNull();
  });

  it('removes an idle anonymous guest, voiding their open checkout first; the reconciler then cancels it at Stripe', async () => {
    const { soup } = await pricedMenuItems();
    const guest = await realGuest();
    await addLines(guest, [soup]);
    const intent = (await checkout(guest, 0.01, { guest: { email: uniqueEmail('gone'), name: 'Gone' } })).body;
    expect(fake().intents.get(intent.transactionId)!.status).toBe('requires_payment_method');
    await lastSeen(guest.uid, 31);

    expect(await removeIdleGuests()).toEqual({ removed: 1 });
    const { users, checkout_intents } = await collections();
    expect(await users.findOne({ uid: guest.uid })).toBeNull();
    expect(await firebaseAccount(guest.uid)).toBeNull();
    expect(await checkout_intents.findOne({ transactionId: intent.transactionId })).toMatchObject({ voided: expect.any(String) });
    await reconcilePayments();
    expect(fake().intents.get(intent.transactionId)!.status).toBe('canceled');
  });
});
