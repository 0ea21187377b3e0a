/**
 * Promo codes through the route handlers: the admin's codes, a diner checking one and paying with
 * it (priced by the server, before tax, the tip untouched), each limit and bad input refused with
 * nothing charged or counted, the race for the last use, the use given back by a whole refund
 * once, and the discount in the receipt, the emails and the day's figures.
 */
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH as patchMenuItem } from '@/app/api/menu/[id]/route';
import { GET as getOrder, PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { POST as quoteRefund } from '@/app/api/orders/[id]/refunds/quote/route';
import { POST as retryRefundRoute } from '@/app/api/orders/[id]/refunds/[refundId]/route';
import { PATCH as patchPromo } from '@/app/api/promos/[id]/route';
import { POST as checkRoute } from '@/app/api/promos/check/route';
import { GET as salesRoute } from '@/app/api/reports/sales/route';
import { GET as listRoute, POST as createRoute } from '@/app/api/promos/route';
import { collections, toObjectId } from '@/lib/db';
import { composeMail } from '@/lib/mail/compose';
import type { Order } from '@/lib/orders/types';
import { takePromoUse } from '@/lib/promos/uses';
import type { AppliedPromo, Promo } from '@/lib/promos/types';
import type { SalesReport } from '@/lib/reports/types';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { addDays } from '@/lib/reservations/calendar';
import { getSettings, restaurantClockAt } from '@/lib/settings/store';
import { dayOf } from '@/lib/stats/rollups';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeAdmin, makeDiner, makeGuest, makeStaff, contactOf, type Person } from '../support/people';
import { changeSettings, testAdmin } from '../support/settings';
import { GOOD_CARD, addLines, checkout, historyOf, payDemo } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
let salad: string;
let admin: Person;
let staff: Person;
let today: string;
let serial = 0;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup, salad } = await pricedMenuItems());
  admin = (await testAdmin()).person;
  staff = await makeStaff({ name: 'Sam Staff' });
  today = (await restaurantClockAt()).today;
});
beforeEach(() => setRateLimitStore(new MemoryRateLimitStore()));
afterAll(async () => {
  await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
});

type Failure = { error: string };
const newCode = () => `SPRING${++serial}${Date.now().toString(36).slice(-4)}`.toUpperCase();

/** A code made on the admin page: 20 % off everything unless `over` says otherwise. */
async function makeCode(over: Record<string, unknown> = {}): Promise<Promo> {
  const res = await call<Promo & Failure>(createRoute, '/api/promos', { as: admin, json: { code: newCode(), kind: 'percent', percent: 20, minSubtotal: 0, active: true, ...over } });
  if (res.status !== 201) throw new Error(`the code was refused: ${res.body.error}`);
  return res.body;
}

const check = (as: Person, json: unknown) => call<AppliedPromo & Failure>(checkRoute, '/api/promos/check', { as, json });
const usesOf = async (promo: Promo) => (await collections()).promoUses.countDocuments({ promoId: promo._id });
const receipt = async (as: Person, id: string) => (await call<Order>(getOrder, `/api/orders/${id}`, { as }, params({ id }))).body;
const patchOrderAs = (as: Person, id: string, json: unknown) => call<Order & Failure>(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as, json }, params({ id }));

/** 3 × 14.50 + 9.95 = $53.45 in a new diner's cart. */
async function dinerWithCart(): Promise<Person> {
  const diner = await makeDiner();
  await addLines(diner, [soup, soup, soup, salad]);
  return diner;
}

/** Opens the intent with the code and pays it with the demo card: the intent, and the order's id. */
async function payWith(diner: Person, code: string, body: Record<string, unknown> = {}) {
  const intent = await checkout(diner, 0.01, { promo: code, ...body });
  if (intent.status !== 200) throw new Error(`no intent: ${intent.body.error}`);
  const paid = await payDemo(diner, intent.body.transactionId, GOOD_CARD);
  if (paid.status !== 200) throw new Error(`not paid: ${paid.body.error}`);
  return { intent: intent.body, id: paid.body.paymentResult.insertedId };
}

describe('the admin page', () => {
  it('makes, lists and changes codes; a code is unique whatever its case; a stale change is refused', async () => {
    const made = await makeCode({ kind: 'fixed', amount: 5, minSubtotal: 20, maxUses: 10, maxUsesPerDiner: 1, validUntil: addDays(today, 30), menuIds: [soup] });
    expect(made).toMatchObject({ kind: 'fixed', amountCents: 500, minSubtotalCents: 2000, maxUses: 10, maxUsesPerDiner: 1, menuIds: [soup], uses: 0, active: true });
    const again = await call<Failure>(createRoute, '/api/promos', { as: admin, json: { code: ` ${made.code.toLowerCase()} `, kind: 'percent', percent: 5, active: true } });
    expect(again).toEqual({ status: 409, body: { error: `A code ${made.code.toLowerCase()} exists already (codes match whatever their case).` } });

    const listed = await call<Promo[]>(listRoute, '/api/promos', { as: admin });
    expect(listed.body[0]).toMatchObject({ _id: made._id, code: made.code });

    const changed = await call<Promo>(patchPromo, `/api/promos/${made._id}`, { method: 'PATCH', as: admin, json: { ...made, amount: 7, minSubtotal: 0, updatedAt: made.updatedAt } }, params({ id: made._id }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ amountCents: 700, minSubtotalCents: 0 });
    const stale = await call<Failure>(patchPromo, `/api/promos/${made._id}`, { method: 'PATCH', as: admin, json: { ...made, amount: 9, minSubtotal: 0, updatedAt: made.updatedAt } }, params({ id: made._id }));
    expect(stale.status).toBe(409);
  });

  it('is for admins only: staff, diners and guests get 403 and change nothing', async () => {
    const json = { code: newCode(), kind: 'percent', percent: 50, active: true };
    for (const as of [staff, await makeDiner(), await makeGuest()]) {
      expect((await call<Failure>(createRoute, '/api/promos', { as, json })).status).toBe(403);
      expect((await call<Failure>(listRoute, '/api/promos', { as })).status).toBe(403);
    }
    expect(await (await collections()).promos.countDocuments({ code: json.code })).toBe(0);
  });
});

describe('a diner applies a code and pays the discounted total', () => {
  it('matches it whatever its case and spaces, takes it off before the tip, and keeps it on the order, the receipt and the emails', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 5 });
    const diner = await dinerWithCart();
    expect(await check(diner, { code: `  ${promo.code.toLowerCase()}  ` })).toEqual({ status: 200, body: { code: promo.code, discountCents: 500, menuIds: [soup, salad] } });
    // A 10 % tip is of the food as priced, 5.345 → 5.35; the code takes $5 off the food only.
    const { intent, id } = await payWith(diner, promo.code.toLowerCase(), { tip: { percent: 10 } });
    expect(intent).toMatchObject({ subtotal: 53.45, tip: 5.35, discount: { code: promo.code, cents: 500 }, price: (5345 - 500 + 535) / 100 });
    expect(await usesOf(promo)).toBe(1);
    const order = await receipt(diner, id);
    expect(order).toMatchObject({ price: 53.8, subtotal: 53.45, tip: 5.35, discount: { code: promo.code, cents: 500 } });
    expect((await historyOf(diner))[0]).toMatchObject({ price: 53.8, discount: { code: promo.code, cents: 500 } });
    const { outbox } = await collections();
    const mail = await composeMail((await outbox.findOne({ kind: 'order-confirmation', ref: new ObjectId(id) }))!);
    expect(mail.text).toMatch(new RegExp(`Promo code\\s+−\\$5\\.00 ${promo.code}`));
    expect(mail.text).toMatch(/Total\s+\$53\.80/);

    // The admin changes the code afterwards: the receipt keeps what was charged.
    await call(patchPromo, `/api/promos/${promo._id}`, { method: 'PATCH', as: admin, json: { ...promo, code: `${promo.code}X`, amount: 9, minSubtotal: 0, updatedAt: promo.updatedAt } }, params({ id: promo._id }));
    expect((await receipt(diner, id)).discount).toEqual({ code: promo.code, cents: 500 });
  });

  it('never takes more than the dishes it is for, and a guest may use one too', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 100, menuIds: [salad] });
    const guest = await makeGuest();
    await addLines(guest, [soup, salad]);
    expect((await check(guest, { code: promo.code })).body).toEqual({ code: promo.code, discountCents: 995, menuIds: [salad] });
    const { intent } = await payWith(guest, promo.code, contactOf({ role: 'guest', uid: guest.uid }));
    expect(intent.price).toBe(14.5);
  });
});

describe('tax after the discount', () => {
  it('added: the code lowers the base of its own dishes\' rate only, and the tip is not discounted', async () => {
    await changeSettings((s) => {
      s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }, { id: 'drink', name: 'Liquor tax', percent: 10 }] };
    });
    const patched = await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: 'drink' } }, params({ id: salad }));
    expect(patched.status).toBe(200);
    try {
      const promo = await makeCode({ percent: 20, menuIds: [soup] });
      const diner = await dinerWithCart();
      // 20 % of 3 × 14.50 = 8.70 off; 34.80 at 8.875 % = 3.0885 → 3.09; the salad's 9.95 at 10 % = 1.00 as without the code.
      const { intent, id } = await payWith(diner, promo.code, { tip: { percent: 10 } });
      const tax = {
        mode: 'added',
        cents: 409,
        lines: [
          { id: 'food', name: 'Sales tax', percent: 8.875, baseCents: 3480, taxCents: 309 },
          { id: 'drink', name: 'Liquor tax', percent: 10, baseCents: 995, taxCents: 100 },
        ],
      };
      expect(intent).toMatchObject({ subtotal: 53.45, tip: 5.35, discount: { cents: 870 }, tax, price: (5345 - 870 + 409 + 535) / 100 });
      expect(await receipt(diner, id)).toMatchObject({ price: 54.19, tax });
    } finally {
      await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: '' } }, params({ id: salad }));
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    }
  });

  it('inclusive: the VAT shown is the part of the discounted price, and the charge is that price', async () => {
    await changeSettings((s) => void (s.tax = { mode: 'inclusive', rates: [{ id: 'std', name: 'VAT', percent: 20 }] }));
    try {
      const promo = await makeCode({ kind: 'fixed', amount: 5 });
      const diner = await makeDiner();
      await addLines(diner, [soup, salad]);
      // 24.45 − 5.00 = 19.45 including 20 % VAT: 1945 / 6 = 324.17 → 324.
      const { body } = await checkout(diner, 0.01, { promo: promo.code });
      expect(body).toMatchObject({ price: 19.45, subtotal: 24.45, discount: { cents: 500 }, tax: { mode: 'inclusive', cents: 324, lines: [{ baseCents: 1945, taxCents: 324 }] } });
    } finally {
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    }
  });
});

describe('codes that do not apply, and bad input: a 4xx with { error }, nothing charged or counted', () => {
  const yesterday = () => addDays(today, -1);
  const tomorrow = () => addDays(today, 1);

  it.each<[string, () => Record<string, unknown>, number, RegExp]>([
    ['expired', () => ({ validUntil: yesterday() }), 409, /expired on/],
    ['not yet valid', () => ({ validFrom: tomorrow() }), 409, /is valid from/],
    ['used up', () => ({ maxUses: 1 }), 409, /has been used up/],
    ['below its minimum', () => ({ minSubtotal: 60 }), 409, /needs food of at least \$60\.00; your order comes to \$53\.45/],
    ['for other dishes', () => ({ categories: ['dessert'], menuIds: [] }), 409, /is for other dishes/],
    ['switched off', () => ({ active: false }), 404, /is not a valid code/],
  ])('a code %s', async (what, over, status, error) => {
    const promo = await makeCode(over());
    if (what === 'used up') await payWith(await dinerWithCart(), promo.code);
    const before = await usesOf(promo);
    const diner = await dinerWithCart();
    const checked = await check(diner, { code: promo.code });
    expect(checked.status).toBe(status);
    expect(checked.body.error).toMatch(error);
    const intent = await checkout(diner, 0.01, { promo: promo.code });
    expect(intent.status).toBe(status);
    expect(intent.body.error).toMatch(error);
    expect(await (await collections()).checkout_intents.countDocuments({ ownerUid: diner.uid })).toBe(0);
    expect(await usesOf(promo)).toBe(before);
  });

  it('a code used by this diner as often as it allows', async () => {
    const promo = await makeCode({ maxUsesPerDiner: 1 });
    const diner = await dinerWithCart();
    await payWith(diner, promo.code);
    await addLines(diner, [soup]);
    expect(await check(diner, { code: promo.code })).toEqual({ status: 409, body: { error: `You have used ${promo.code} as many times as it allows.` } });
    expect((await check(await dinerWithCart(), { code: promo.code })).status).toBe(200);
    expect(await usesOf(promo)).toBe(1);
  });

  it.each<[string, unknown]>([
    ['no such code', { code: 'NOSUCHCODE' }],
    ['10,000 characters', { code: 'A'.repeat(10_000) }],
    ['a $ operator', { code: { $ne: null } }],
    ['a $regex', { code: { $regex: '.*' } }],
    ['a $ in a string', { code: '$where' }],
    ['empty', { code: '   ' }],
    ['no code', {}],
  ])('%s', async (_what, json) => {
    const diner = await dinerWithCart();
    const checked = await check(diner, json);
    expect([400, 404]).toContain(checked.status);
    expect(typeof checked.body.error).toBe('string');
    const intent = await checkout(diner, 0.01, { promo: (json as { code?: unknown }).code ?? 7 });
    expect([400, 404]).toContain(intent.status);
    expect(typeof intent.body.error).toBe('string');
    expect(await (await collections()).checkout_intents.countDocuments({ ownerUid: diner.uid })).toBe(0);
  });

  it('a signed-out visitor gets 401', async () => {
    const res = await checkRoute(new Request('http://localhost:3000/api/promos/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"SPRING"}' }), undefined);
    expect(res.status).toBe(401);
  });
});

describe('the last use', () => {
  it('two diners paying with it at once: one is charged with it, the other is refused, not charged, and told why', async () => {
    const promo = await makeCode({ maxUses: 1 });
    const [a, b] = [await dinerWithCart(), await dinerWithCart()];
    const intents = [(await checkout(a, 0.01, { promo: promo.code })).body, (await checkout(b, 0.01, { promo: promo.code })).body];
    expect(intents.map((i) => i.price)).toEqual([42.76, 42.76]);
    const answers = await Promise.all([payDemo(a, intents[0]!.transactionId), payDemo(b, intents[1]!.transactionId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.body.error).toMatch(new RegExp(`${promo.code} (has just been used up|can no longer be used)\\. Your card was not charged\\.`));
    expect(await usesOf(promo)).toBe(1);
    const loser = answers[0]!.status === 409 ? a : b;
    expect(await historyOf(loser)).toEqual([]);
    // The voided intent stays voided: paying it again is refused, and Pay without the code opens a new one.
    const again = await payDemo(loser, intents[answers[0]!.status === 409 ? 0 : 1]!.transactionId);
    expect(again.status).toBe(409);
    expect((await checkout(loser)).body.price).toBe(53.45);
  });

  it('one diner paying twice at once with a code of one use each: one use is counted', async () => {
    const promo = await makeCode({ maxUsesPerDiner: 1 });
    const diner = await makeDiner();
    const applied = { id: promo._id, code: promo.code, discountCents: 100 };
    const held = await Promise.allSettled(['tx-a', 'tx-b'].map((id) => takePromoUse({ transactionId: `${id}-${serial}`, promo: applied, person: { ownerUid: diner.uid, email: diner.email } }, { today })));
    expect(held.map((h) => h.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await usesOf(promo)).toBe(1);
  });
});

describe('a refund of the whole order gives the use back, once', () => {
  it('a cancellation that refunds it, and a replayed cancellation does not give it twice (Stripe\'s word for a refund: tests/payments/stripe.test.ts)', async () => {
    const promo = await makeCode({ maxUses: 2 });
    const [a, b] = [await dinerWithCart(), await dinerWithCart()];
    const paidA = await payWith(a, promo.code);
    await payWith(b, promo.code);
    expect(await usesOf(promo)).toBe(2);
    expect((await patchOrderAs(staff, paidA.id, { status: 'cancelled' })).status).toBe(200);
    expect(await usesOf(promo)).toBe(1);
    expect((await patchOrderAs(staff, paidA.id, { status: 'cancelled' })).status).toBe(409);
    expect(await usesOf(promo)).toBe(1);
    // Given back, the use is there for another diner.
    await payWith(await dinerWithCart(), promo.code);
    expect(await usesOf(promo)).toBe(2);
  });

  it('a part refund keeps it; refunding the rest gives it back', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 5 });
    const { id } = await payWith(await dinerWithCart(), promo.code);
    const refund = (amountCents: number) => call<Failure>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { amountCents, reason: 'Cold' } }, params({ id }));
    expect((await refund(1000)).status).toBe(201);
    expect(await usesOf(promo)).toBe(1);
    expect((await refund(4845 - 1000)).status).toBe(201);
    expect(await usesOf(promo)).toBe(0);
  });
});

describe('a refund of lines gives back what the diner paid for them, after the discount', () => {
  type Step = [index: number, quantity: number];
  /** Refunds each step in turn as an admin, each priced first as the refund form shows it: the cents each gave back, those quoted, and the order after. */
  async function refundSteps(id: string, steps: Step[]) {
    const given: number[] = [];
    const quoted: number[] = [];
    for (const [index, quantity] of steps) {
      quoted.push((await call<{ cents: number }>(quoteRefund, `/api/orders/${id}/refunds/quote`, { as: admin, json: { lines: [{ index, quantity }] } }, params({ id }))).body.cents);
      const res = await call<Order & Failure>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { lines: [{ index, quantity }], reason: 'Cold' } }, params({ id }));
      if (res.status !== 201) throw new Error(`refund of line ${index} refused: ${res.body.error}`);
      given.push(res.body.refunds!.at(-1)!.cents);
    }
    return { given, quoted, order: await receipt(admin, id) };
  }
  const centsOf = (dollars: number) => Math.round(dollars * 100);

  it('line by line, they add up to the food as discounted; the cancellation then gives back the tip, and the code its use', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 5 });
    const { id } = await payWith(await dinerWithCart(), promo.code, { tip: { percent: 10 } });
    // $5 over 43.50 of soup and 9.95 of salad: 406.92 and 93.08, the cent left to the larger remainder, 407 and 93.
    // The salad gives back 9.95 − 0.93; one soup a third of 43.50 − 4.07 (1314.33 → 13.14), two the rest.
    const { given, quoted, order } = await refundSteps(id, [[1, 1], [0, 1], [0, 2]]);
    expect(given).toEqual([902, 1314, 2629]);
    // What the refund form showed before each was what it gave back.
    expect(quoted).toEqual(given);
    expect(order.refundedCents).toBe(5345 - 500);
    expect(order.refundedCents).toBe(centsOf(order.price) - centsOf(order.tip));
    expect(await usesOf(promo)).toBe(1);
    const cancelled = await patchOrderAs(staff, id, { status: 'cancelled' });
    expect(cancelled.body.refunds!.at(-1)!.cents).toBe(535);
    expect(cancelled.body.refundedCents).toBe(centsOf(order.price));
    expect(await usesOf(promo)).toBe(0);
  });

  it('tax added on top: a line the code is not for comes back whole with its tax, the discounted ones less their share, with the tax on what was paid', async () => {
    await changeSettings((s) => {
      s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }, { id: 'drink', name: 'Liquor tax', percent: 10 }] };
    });
    await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: 'drink' } }, params({ id: salad }));
    try {
      const promo = await makeCode({ percent: 20, menuIds: [soup] });
      const { id } = await payWith(await dinerWithCart(), promo.code, { tip: { percent: 10 } });
      // The salad: 9.95 and its 10 %, 0.995 → 1.00, as bought. The soups: 34.80 after 8.70 off, 11.60 each;
      // two taxed 23.20 × 8.875 % = 2.059 → 2.06, all three 3.09 as charged, so the last one 1.03.
      const { given, quoted, order } = await refundSteps(id, [[1, 1], [0, 2], [0, 1]]);
      expect(given).toEqual([995 + 100, 2320 + 206, 1160 + 103]);
      expect(quoted).toEqual(given);
      expect(order.refundedCents).toBe(5345 - 870 + 409);
      expect(order.refundedCents).toBe(centsOf(order.price) - centsOf(order.tip));
    } finally {
      await call(patchMenuItem, `/api/menu/${salad}`, { method: 'PATCH', as: admin, json: { taxRate: '' } }, params({ id: salad }));
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    }
  });

  it('tax added on one rate for the whole order: each refund gives the tax on its part of what was paid, and they add up to the tax charged', async () => {
    await changeSettings((s) => void (s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }] }));
    try {
      const promo = await makeCode({ kind: 'fixed', amount: 5 });
      const { id, intent } = await payWith(await dinerWithCart(), promo.code);
      // 48.45 taxed: 4.2999 → 4.30. What was paid for one, two and three soups: 13.14, 26.29 and 39.43, taxed
      // 1.166 → 1.17, 2.333 → 2.33 and 3.499 → 3.50; each refund is the step, the salad's tax what is left of 4.30.
      expect(intent.tax!.cents).toBe(430);
      const { given, order } = await refundSteps(id, [[0, 1], [0, 1], [0, 1], [1, 1]]);
      expect(given).toEqual([1314 + 117, 1315 + 116, 1314 + 117, 902 + 80]);
      expect(order.refundedCents).toBe(4845 + 430);
      expect(order.refundedCents).toBe(centsOf(order.price));
    } finally {
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    }
  });

  it('prices including VAT: a quantity of a discounted line gives back its part of the discounted price, nothing on top', async () => {
    await changeSettings((s) => void (s.tax = { mode: 'inclusive', rates: [{ id: 'std', name: 'VAT', percent: 20 }] }));
    try {
      const promo = await makeCode({ kind: 'fixed', amount: 5 });
      const { id } = await payWith(await dinerWithCart(), promo.code);
      // Two soups: two thirds of 39.43, 26.2867 → 26.29; then the salad's 9.02, and the last soup 13.14.
      const { given, order } = await refundSteps(id, [[0, 2], [1, 1], [0, 1]]);
      expect(given).toEqual([2629, 902, 1314]);
      expect(order.refundedCents).toBe(centsOf(order.price));
      expect(await usesOf(promo)).toBe(0);
    } finally {
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
    }
  });

  it('two admins refunding lines at once: each refund is priced from the order it is reserved on, and all of them add up exactly', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 5 });
    const { id } = await payWith(await dinerWithCart(), promo.code);
    const refundAs = (as: Person, index: number) => call<Order & Failure>(postRefund, `/api/orders/${id}/refunds`, { as, json: { lines: [{ index, quantity: 1 }], reason: 'Cold' } }, params({ id }));
    const otherAdmin = await makeAdmin();
    const answers = await Promise.all([refundAs(admin, 0), refundAs(otherAdmin, 1)]);
    for (const [k, answer] of answers.entries()) {
      // The one whose order moved under it is told so, and goes through when made again.
      if (answer.status === 409) expect((await refundAs(admin, k)).status).toBe(201);
      else expect(answer.status).toBe(201);
    }
    const { order } = await refundSteps(id, [[0, 2]]);
    expect(order.refundedCents).toBe(5345 - 500);
    expect(order.refunds!.reduce((sum, r) => sum + r.cents, 0)).toBe(5345 - 500);
  });

  it('a refund of a line that failed is priced again when retried after others, so they still add up exactly', async () => {
    const promo = await makeCode({ kind: 'fixed', amount: 3 });
    const diner = await makeDiner();
    await addLines(diner, [soup, soup, salad]);
    const { id } = await payWith(diner, promo.code);
    // $3 over 29.00 of soup and 9.95 of salad: 2.23 and 0.77. The soups 26.77: the first one priced
    // 13.39 (the half cent to it), so the second 13.38.
    const spy = vi.spyOn((await import('@/lib/payments/providers/demo/adapter')).demoProvider, 'refund').mockRejectedValueOnce(new Error('connection reset'));
    let failed: Order;
    try {
      const res = await call<Failure>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { lines: [{ index: 0, quantity: 1 }], reason: 'Cold' } }, params({ id }));
      expect(res.status).toBe(502);
      failed = await receipt(admin, id);
    } finally {
      spy.mockRestore();
    }
    expect(failed.refunds).toMatchObject([{ cents: 1339, status: 'failed' }]);
    // The other soup, then the salad, while it stands failed.
    const { given } = await refundSteps(id, [[0, 1], [1, 1]]);
    expect(given).toEqual([1339, 918]);
    const refundId = failed.refunds![0]!.id;
    const retried = await call<Order & Failure>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));
    expect(retried.status).toBe(200);
    expect(retried.body.refunds![0]).toMatchObject({ id: refundId, cents: 1338, status: 'done' });
    expect(retried.body.refundedCents).toBe(2900 + 995 - 300);
    expect(retried.body.refundedCents).toBe(centsOf(retried.body.price));
  });

  it('a dish the code made free has nothing to give back: 409, and nothing changes', async () => {
    const promo = await makeCode({ percent: 100, menuIds: [salad] });
    const { id } = await payWith(await dinerWithCart(), promo.code);
    const before = await (await collections()).payments.findOne({ _id: toObjectId(id)! });
    const res = await call<Failure>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { lines: [{ index: 1, quantity: 1 }], reason: 'Cold' } }, params({ id }));
    expect(res).toEqual({ status: 409, body: { error: 'Nothing was paid for these, after the discount: there is nothing to refund.' } });
    expect(await (await collections()).payments.findOne({ _id: toObjectId(id)! })).toEqual(before);
  });
});

describe('the day\'s figures', () => {
  it('count the discount apart in the same write as the payment, and the sales report shows it', async () => {
    const { dailyRollups } = await collections();
    const day = dayOf(new Date(), (await getSettings()).schedule.timeZone);
    const discounts = async () => (await dailyRollups.findOne({ _id: day }))?.discountsCents ?? 0;
    const report = async () => (await call<SalesReport>(salesRoute, `/api/reports/sales?from=${day}&to=${day}`, { as: admin })).body;
    const before = { day: await discounts(), report: await report() };
    const promo = await makeCode({ kind: 'fixed', amount: 5 });
    const { id } = await payWith(await dinerWithCart(), promo.code);
    expect(await discounts()).toBe(before.day + 500);
    const after = await report();
    expect(after.discountsCents - before.report.discountsCents).toBe(500);
    // The sale is what was charged: the food less the discount.
    expect(after.grossSalesCents - before.report.grossSalesCents).toBe(5345 - 500);
    // A cancellation gives the money back as a refund; the discount given with the sale stays counted.
    await patchOrderAs(staff, id, { status: 'cancelled' });
    expect(await discounts()).toBe(before.day + 500);
    expect((await report()).refundsCents - after.refundsCents).toBe(4845);
  });
});
