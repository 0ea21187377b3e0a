/**
 * Guests: Continue as guest is a Firebase anonymous account, verified like any ID token, with a
 * session and a record of its own. What a guest may not do answers 403 `{ error }` and changes
 * nothing; signing up keeps the uid (and so the orders); new guests are limited per browser;
 * a guest idle for 30 days is removed, records only.
 */
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { POST as jwtRoute } from '@/app/api/jwt/route';
import { GET as sessionRoute } from '@/app/api/session/route';
import { POST as bookingsRoute } from '@/app/api/bookings/route';
import { POST as reviewRoute } from '@/app/api/review/route';
import { GET as mineRoute } from '@/app/api/review/mine/route';
import { POST as renameRoute } from '@/app/api/users/route';
import { GET as preferencesRoute } from '@/app/api/mail/preferences/route';
import { PATCH as userRoute } from '@/app/api/users/[id]/route';
import { GET as cronRoute } from '@/app/api/cron/guests/route';
import { GET as orderRoute } from '@/app/api/orders/[id]/route';
import type { Order } from '@/lib/orders/types';
import { collections } from '@/lib/db';
import type { SessionResponse } from '@/lib/auth/types';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { guestAddress } from '@/lib/users/guest-address';
import { GUESTS_OFF, keepGuest, removeIdleGuests } from '@/lib/users/guests';
import { listUsers } from '@/lib/users/admin';
import { anonymousSignIn, linkEmailPassword } from '../support/firebase';
import { SITE, call, errorOf, params, request, type TokenHolder } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, makeGuest, uniqueEmail } from '../support/people';
import { changeSettings } from '../support/settings';
import { addLines, checkout, historyOf, payDemo } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const GUESTS_REFUSED = 'Guests can order and see their own orders only. Sign up to do this.';
const DAY = 24 * 60 * 60 * 1000;

/** POST /api/jwt from our own page: the answer and, when it made one, the session. */
async function signIn(idToken: string) {
  const res = await jwtRoute(request('POST', '/api/jwt', { headers: { origin: SITE }, json: { idToken } }), undefined);
  const body = (await res.json()) as { token?: string; error?: string };
  return { status: res.status, body, session: body.token ? { token: body.token } : null };
}

async function sessionOf(holder: TokenHolder | null) {
  return (await call<SessionResponse>(sessionRoute, '/api/session', holder ? { as: holder } : {})).body;
}

beforeEach(() => setRateLimitStore(new MemoryRateLimitStore()));

describe('Continue as guest', () => {
  it('turns a Firebase anonymous account into a guest’s session and record, once, with a stand-in address nobody mails', async () => {
    const { idToken, localId } = await anonymousSignIn();
    const first = await signIn(idToken);
    expect(first.status).toBe(200);
    expect((await signIn(idToken)).status).toBe(200);

    const { user } = await sessionOf(first.session);
    expect(user).toMatchObject({ role: 'guest', admin: false, name: 'Guest', email: guestAddress(localId), emailVerified: false });
    const { users } = await collections();
    const records = await users.find({ uid: localId }).toArray();
    expect(records).toHaveLength(1);
    expect(records[0]!.guestUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(records[0]!.email).toMatch(/@guest\.invalid$/);
  });

  it('is limited per browser: past five new guests an hour, 429 and no record (tests/security/shared-address.test.ts: the address)', async () => {
    const scale = process.env.RATE_LIMIT_SCALE;
    process.env.RATE_LIMIT_SCALE = '1';
    onTestFinished(() => {
      process.env.RATE_LIMIT_SCALE = scale;
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn((await anonymousSignIn()).idToken)).status);
    expect(statuses).toEqual(Array(5).fill(200));
    const eleventh = await anonymousSignIn();
    const refused = await signIn(eleventh.idToken);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many requests/);
    expect(refused.session).toBeNull();
    const { users } = await collections();
    expect(await users.findOne({ uid: eleventh.localId })).toBeNull();

    // A person with an account still signs in: the limit is on new guests.
    const diner = await makeDiner();
    expect((await sessionOf(diner)).user?.role).toBe('diner');
  });
});

describe('what a guest may not do', () => {
  const refusals = [
    ['book a table (POST /api/bookings)', (guest: TokenHolder) => call(bookingsRoute, '/api/bookings', { as: guest, json: { date: '2031-01-01', time: '19:00', guests: 2, phone: '+1 555 010 2024' } })],
    ['write a review (POST /api/review)', (guest: TokenHolder) => call(reviewRoute, '/api/review', { as: guest, json: { rating: 5, details: 'Lovely soup.' } })],
    ['read “my review” (GET /api/review/mine)', (guest: TokenHolder) => call(mineRoute, '/api/review/mine', { as: guest })],
    ['name their account (POST /api/users)', (guest: TokenHolder) => call(renameRoute, '/api/users', { as: guest, json: { name: 'Mallory' } })],
    ['read email preferences (GET /api/mail/preferences)', (guest: TokenHolder) => call(preferencesRoute, '/api/mail/preferences', { as: guest })],
  ] as const;

  it.each(refusals)('%s: 403 { error }, nothing written', async (_what, attempt) => {
    const guest = await makeGuest();
    const answer = await attempt(guest);
    expect(answer).toEqual({ status: 403, body: { error: GUESTS_REFUSED } });
    const { bookings, reviews, users } = await collections();
    expect(await bookings.countDocuments({ ownerUid: guest.uid })).toBe(0);
    expect(await reviews.countDocuments({ ownerUid: guest.uid })).toBe(0);
    expect((await users.findOne({ uid: guest.uid }))?.name).toBe('Guest');
  });

  /** PATCH /api/users/{id} as an admin would send it from All users. */
  const giveRole = (admin: { headers: Record<string, string> }, person: { id: string }, role: string) =>
    userRoute(request('PATCH', `/api/users/${person.id}`, { headers: admin.headers, json: { role } }), params({ id: person.id }));

  it('has no role an admin can give, and is not among the users an admin manages', async () => {
    const admin = await makeAdmin();
    const guest = await makeGuest();
    const res = await giveRole(admin, guest, 'admin');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This is a guest: only people with an account can be given a role.');
    expect((await sessionOf(guest)).user?.role).toBe('guest');
    const { users } = await collections();
    expect((await users.findOne({ uid: guest.uid }))?.role).toBeUndefined();
    const { items: listed } = await listUsers(await adminOf(admin));
    expect(listed.map((u) => u._id)).not.toContain(guest.id);
    expect(listed.map((u) => u._id)).toContain(admin.id);
  });

  it('cannot be made a guest role by a patch naming it', async () => {
    const admin = await makeAdmin();
    const res = await giveRole(admin, await makeDiner(), 'guest');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('role: role must be one of diner, staff, admin');
  });
});

describe('a guest who signs up', () => {
  it('keeps the uid and the record, which becomes a diner’s with the address; the guest’s sessions end', async () => {
    const anonymous = await anonymousSignIn();
    const asGuest = await signIn(anonymous.idToken);
    const { users } = await collections();
    const before = await users.findOne({ uid: anonymous.localId });

    const email = uniqueEmail('signed-up');
    const linked = await linkEmailPassword(anonymous.idToken, email);
    expect(linked.localId).toBe(anonymous.localId);
    const asDiner = await signIn(linked.idToken);
    expect(asDiner.status).toBe(200);

    expect((await sessionOf(asDiner.session)).user).toMatchObject({ role: 'diner', email });
    const after = await users.findOne({ uid: anonymous.localId });
    expect(after?._id.equals(before!._id)).toBe(true);
    expect(after?.email).toBe(email);
    expect(after?.guestUntil).toBeUndefined();
    // A role change ends the sessions made before it.
    expect((await sessionOf(asGuest.session)).user).toBeNull();
  });
});

describe('guests with no order for 30 days', () => {
  it('are removed with their cart, records only: their orders stay, and a guest who ordered since is kept', async () => {
    const now = new Date();
    const idle = await makeGuest();
    const ordered = await makeGuest();
    const diner = await makeDiner();
    const { users, carts, payments } = await collections();
    await users.updateMany({ uid: { $in: [idle.uid, ordered.uid] } }, { $set: { guestUntil: new Date(now.getTime() - DAY) } });
    await keepGuest(ordered.uid, new Date(now.getTime() - 2 * DAY));
    const line = { menuId: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Soup', image: '', price: 5, quantity: 1, options: [], unitCents: 500, itemKey: 'k' };
    await carts.insertOne({ ...line, ownerUid: idle.uid, email: idle.email });
    const order = { ownerUid: idle.uid, email: 'idle@bistro.test', price: 5, data: new Date(now.getTime() - 40 * DAY), cartIds: [], menuItemIds: [] };
    await payments.insertOne({ ...order, transactionId: `tx-idle-guest-${idle.uid}`, status: 'completed' } as never);

    expect(await removeIdleGuests(now)).toEqual({ removed: 1 });
    expect(await users.findOne({ uid: idle.uid })).toBeNull();
    expect(await carts.countDocuments({ ownerUid: idle.uid })).toBe(0);
    expect(await payments.countDocuments({ ownerUid: idle.uid })).toBe(1);
    expect((await users.findOne({ uid: ordered.uid }))?.guestUntil?.getTime()).toBe(now.getTime() - 2 * DAY + 30 * DAY);
    expect(await users.findOne({ uid: diner.uid })).not.toBeNull();
    // Their session ended with the record.
    expect((await sessionOf(idle)).user).toBeNull();
    expect(await removeIdleGuests(now)).toEqual({ removed: 0 });
  });

  it('are swept daily by GET /api/cron/guests, for the scheduler only', async () => {
    const secret = process.env.CRON_SECRET;
    process.env.CRON_SECRET = 'cron-secret-for-guests';
    onTestFinished(() => {
      process.env.CRON_SECRET = secret;
    });
    expect((await call(cronRoute, '/api/cron/guests')).status).toBe(401);
    const answer = await call(cronRoute, '/api/cron/guests', { headers: { authorization: 'Bearer cron-secret-for-guests' } });
    expect(answer).toEqual({ status: 200, body: { removed: 0 } });
  });
});

describe('a guest’s order', () => {
  const contact = { email: '  Gus.Guest@Example.COM ', name: ' Gus ' };

  it('goes through cart, payment and receipt like anybody’s; the receipt and the ticket take the email and the name given', async () => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
    const { soup } = await pricedMenuItems();
    const guest = await makeGuest();
    await addLines(guest, [soup, soup]);
    const intent = await checkout(guest, 0.01, { guest: contact });
    expect(intent.status).toBe(200);
    expect(intent.body.price).toBe(29);
    const paid = await payDemo(guest, intent.body.transactionId);
    expect(paid.status).toBe(200);
    const orderId = paid.body.order._id;

    const receipt = await call<Order>(orderRoute, `/api/orders/${orderId}`, { as: guest }, params({ id: orderId }));
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ email: 'gus.guest@example.com', name: 'Gus', price: 29, status: 'pending', items: [{ quantity: 2 }] });
    expect((await historyOf(guest)).map((p) => p._id)).toEqual([orderId]);
    const { outbox, users } = await collections();
    expect(await outbox.findOne({ kind: 'order-confirmation', key: `order-confirmation:${orderId}` })).toMatchObject({ to: 'gus.guest@example.com' });
    // Ordering keeps the record another 30 days from the payment.
    expect((await users.findOne({ uid: guest.uid }))!.guestUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Another diner, or another guest, cannot open it.
    const other = await makeGuest();
    expect((await call(orderRoute, `/api/orders/${orderId}`, { as: other }, params({ id: orderId }))).status).toBe(403);
  });

  it.each([
    ['no details', {}, 'guest: give an email for your receipt and a name for your order.'],
    ['a malformed email', { guest: { ...contact, email: 'gus@' } }, 'guest.email: Enter a valid email address'],
    ['a stand-in guest address', { guest: { ...contact, email: 'abc@guest.invalid' } }, 'guest.email: Enter a valid email address'],
    ['no name', { guest: { ...contact, name: '  ' } }, 'guest.name: Your name is required'],
    ['a name of two lines', { guest: { ...contact, name: 'Gus\nGuest' } }, 'guest.name: Your name must be one line of text'],
    ['an email with a $ operator', { guest: { ...contact, email: { $ne: null } } }, 'guest.email: Your email is required'],
  ])('refuses %s with 400 { error }, and opens no payment', async (_what, body, error) => {
    const { soup } = await pricedMenuItems();
    const guest = await makeGuest();
    await addLines(guest, [soup]);
    expect(await checkout(guest, 0.01, body)).toEqual({ status: 400, body: { error } });
    const { checkout_intents } = await collections();
    expect(await checkout_intents.countDocuments({ ownerUid: guest.uid })).toBe(0);
  });

  it('is a guest’s only: a diner giving guest details is refused, their receipt goes to their account', async () => {
    const { soup } = await pricedMenuItems();
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    expect(await checkout(diner, 0.01, { guest: contact })).toEqual({ status: 400, body: { error: "Your receipt goes to your account's email: only guests give one at payment." } });
  });
});

describe('the guest-orders switch on the Settings page', () => {
  it('off: no Continue as guest, no new guest, no guest checkout; on again, both work', async () => {
    const { soup } = await pricedMenuItems();
    const guest = await makeGuest();
    await addLines(guest, [soup]);
    await changeSettings((s) => {
      s.ordering.guests = false;
    });
    try {
      expect((await sessionOf(null)).guests).toBe(false);
      const anonymous = await anonymousSignIn();
      const refused = await signIn(anonymous.idToken);
      expect(refused).toMatchObject({ status: 403, body: { error: GUESTS_OFF }, session: null });
      const { users, checkout_intents } = await collections();
      expect(await users.findOne({ uid: anonymous.localId })).toBeNull();
      expect(await checkout(guest, 0.01, { guest: { email: 'gus@example.com', name: 'Gus' } })).toEqual({ status: 403, body: { error: GUESTS_OFF } });
      expect(await checkout_intents.countDocuments({ ownerUid: guest.uid })).toBe(0);
    } finally {
      await changeSettings((s) => {
        s.ordering.guests = true;
      });
    }
    expect((await sessionOf(null)).guests).toBe(true);
    expect((await checkout(guest, 0.01, { guest: { email: 'gus@example.com', name: 'Gus' } })).status).toBe(200);
  });
});
