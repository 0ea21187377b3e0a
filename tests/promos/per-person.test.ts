/**
 * "Uses per diner" counts a person, not an account: the mailbox they pay with (an account's
 * address, or the one a guest gives; case, a +tag and Gmail's dots do not make a new person), and
 * the card they pay with, by the fingerprint the provider gives. A code can also be kept for
 * diners signed in with a verified email.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as createRoute } from '@/app/api/promos/route';
import type { CheckoutIntent } from '@/lib/payments/types';
import type { Promo } from '@/lib/promos/types';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { personEmail } from '@/lib/users/email';
import { call } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, makeGuest, uniqueEmail, type Person } from '../support/people';
import { testAdmin } from '../support/settings';
import { addLines, checkout, historyOf, withFakeStripe, payDemo, save } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
let admin: Person;
let serial = 0;
beforeAll(async () => {
  ({ soup } = await pricedMenuItems());
  admin = (await testAdmin()).person;
});
beforeEach(() => setRateLimitStore(new MemoryRateLimitStore()));

/** A code of 20 % off, once per person unless `over` says otherwise. */
async function onceEach(over: Record<string, unknown> = {}): Promise<Promo> {
  const code = `ONCE${++serial}${Date.now().toString(36).slice(-4)}`.toUpperCase();
  const res = await call<Promo & { error?: string }>(createRoute, '/api/promos', { as: admin, json: { code, kind: 'percent', percent: 20, minSubtotal: 0, maxUsesPerDiner: 1, active: true, ...over } });
  if (res.status !== 201) throw new Error(`the code was refused: ${res.body.error}`);
  return res.body;
}

const usedUp = (code: string) => ({ status: 409, body: { error: `You have used ${code} as many times as it allows.` } });

it('one mailbox is one person, however the address is written', () => {
  expect(personEmail(' Dana.Lee+promo@GMail.com ')).toBe('danalee@gmail.com');
  expect(personEmail('dana.lee@googlemail.com')).toBe('danalee@gmail.com');
  expect(personEmail('dana.lee+x@bistro.test')).toBe('dana.lee@bistro.test');
  expect(personEmail('+only@bistro.test')).toBe('+only@bistro.test');
});

describe('with the demo card', () => {
  beforeAll(() => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  });

  it('a guest giving the address of a diner who used the code is that diner: refused, before any intent opens', async () => {
    const promo = await onceEach();
    const diner = await makeDiner({ email: uniqueEmail('dana') });
    await addLines(diner, [soup]);
    const paid = await checkout(diner, 0.01, { promo: promo.code });
    expect((await payDemo(diner, paid.body.transactionId)).status).toBe(200);

    const guest = await makeGuest();
    await addLines(guest, [soup]);
    const [local, domain] = diner.email.split('@');
    const sameMailbox = { email: `${local!.toUpperCase()}+again@${domain}`, name: 'Dana' };
    expect(await checkout(guest, 0.01, { promo: promo.code, guest: sameMailbox })).toEqual(usedUp(promo.code));
    // Another address is another person.
    expect((await checkout(guest, 0.01, { promo: promo.code, guest: { email: uniqueEmail('someone'), name: 'Sam' } })).status).toBe(200);
  });

  it('guests one after another with the same address get one use between them', async () => {
    const promo = await onceEach();
    const email = uniqueEmail('hungry');
    const [first, second] = [await makeGuest(), await makeGuest()];
    for (const guest of [first, second]) await addLines(guest, [soup]);
    const intent = (await checkout(first, 0.01, { promo: promo.code, guest: { email, name: 'Kim' } })).body;
    expect((await payDemo(first, intent.transactionId)).status).toBe(200);
    expect(await checkout(second, 0.01, { promo: promo.code, guest: { email, name: 'Kim' } })).toEqual(usedUp(promo.code));
  });

  it('two at once with the same address: one use is taken, the other is refused before any charge', async () => {
    const promo = await onceEach();
    const email = uniqueEmail('twice');
    const guests = [await makeGuest(), await makeGuest()];
    const intents: CheckoutIntent[] = [];
    for (const guest of guests) {
      await addLines(guest, [soup]);
      intents.push((await checkout(guest, 0.01, { promo: promo.code, guest: { email, name: 'Kim' } })).body);
    }
    const answers = await Promise.all(guests.map((guest, i) => payDemo(guest, intents[i]!.transactionId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe(`You have used ${promo.code} as many times as it allows. Your card was not charged.`);
  });

  it('kept for verified diners: guests and unverified accounts are told how to get it, a verified diner gets it', async () => {
    const promo = await onceEach({ verifiedOnly: true });
    expect(promo.verifiedOnly).toBe(true);
    const guest = await makeGuest();
    await addLines(guest, [soup]);
    expect(await checkout(guest, 0.01, { promo: promo.code, guest: { email: uniqueEmail('g'), name: 'G' } })).toEqual({
      status: 403,
      body: { error: `${promo.code} is for diners signed in with a verified email. Sign up or log in to use it.` },
    });
    const unverified = await makeDiner({ emailVerified: false });
    await addLines(unverified, [soup]);
    expect(await checkout(unverified, 0.01, { promo: promo.code })).toEqual({
      status: 403,
      body: { error: `${promo.code} is for diners signed in with a verified email. Verify your email to use it.` },
    });
    const verified = await makeDiner();
    await addLines(verified, [soup]);
    const intent = await checkout(verified, 0.01, { promo: promo.code });
    expect(intent.body.discount).toEqual({ code: promo.code, cents: 290 });
  });
});

describe('with Stripe, the card counts too', () => {
  const fake = withFakeStripe();

  it('two throw-away accounts paying with the same card: the second is refused at capture, and its card not charged', async () => {
    const promo = await onceEach();
    const card = { fingerprint: 'fp_same_card' };
    const accounts = [await makeDiner({ email: uniqueEmail('one') }), await makeDiner({ email: uniqueEmail('two') })];
    const intents: CheckoutIntent[] = [];
    for (const account of accounts) {
      await addLines(account, [soup]);
      intents.push((await checkout(account, 0.01, { promo: promo.code })).body);
    }
    fake().confirm(intents[0]!.transactionId, card);
    expect((await save(accounts[0]!, intents[0]!)).status).toBe(200);
    fake().confirm(intents[1]!.transactionId, card);
    expect(await save(accounts[1]!, intents[1]!)).toEqual({ status: 409, body: { error: `This card has been used with ${promo.code} as many times as it allows. Your card was not charged.` } });
    expect(fake().intents.get(intents[1]!.transactionId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await historyOf(accounts[1]!)).toEqual([]);
    // Another card is another person.
    const again = (await checkout(accounts[1]!, 0.01, { promo: promo.code })).body;
    fake().confirm(again.transactionId, { fingerprint: 'fp_another_card' });
    expect((await save(accounts[1]!, again)).status).toBe(200);
  });
});
