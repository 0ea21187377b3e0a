/**
 * The amount charged is exactly the server's subtotal plus the tip it computed, for every tip
 * choice and at the custom bounds; whatever amount or tip in cents a client sends is ignored, and
 * a tip that cannot be taken opens no payment.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { collections } from '@/lib/db';
import { tipCents, tipPercents, tipRefusal } from '@/lib/payments/tips';
import { defaultSettings } from '@/lib/settings/defaults';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, type Person } from '../support/people';
import { changeSettings } from '../support/settings';
import { addLines, checkout, historyOf, payDemo } from './support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/** What a fresh database offers: no tip, 10, 15 and 20 %, and an amount typed. */
const TIPS = defaultSettings({}).tips;

describe('the tip in cents', () => {
  it('is a percentage of the subtotal, rounded to the nearest cent, a half cent up', () => {
    expect(tipCents(5345, { percent: 0 })).toBe(0);
    expect(tipCents(5345, { percent: 10 })).toBe(535); // 534.5
    expect(tipCents(1010, { percent: 15 })).toBe(152); // 151.5
    expect(tipCents(1005, { percent: 15 })).toBe(151); // 150.75
    expect(tipCents(999, { percent: 20 })).toBe(200); // 199.8
    expect(tipCents(5345, { custom: 4.1 })).toBe(410);
  });

  it('as a custom amount is from $0 up to the subtotal, in whole cents', () => {
    expect(tipRefusal(5345, { custom: 0 }, TIPS)).toBeNull();
    expect(tipRefusal(5345, { custom: 53.45 }, TIPS)).toBeNull();
    expect(tipRefusal(5345, { custom: 53.46 }, TIPS)).toBe("The tip can be at most the food's price, $53.45.");
    expect(tipRefusal(5345, { custom: -0.01 }, TIPS)).toBe('The tip cannot be negative.');
    expect(tipRefusal(5345, { custom: 1.005 }, TIPS)).toBe('The tip must be in whole cents.');
    expect(tipRefusal(5345, { custom: Number.NaN }, TIPS)).toBe('The tip cannot be negative.');
  });
});

describe('POST /api/create-payment-intent with a tip', () => {
  let soup: string;
  let salad: string;
  let diner: Person;

  beforeAll(async () => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
    ({ soup, salad } = await pricedMenuItems());
  });
  /** 3 × 14.50 + 9.95 = 53.45 in the cart. */
  beforeEach(async () => {
    diner = await makeDiner();
    await addLines(diner, [soup, soup, soup, salad]);
  });

  const intentOf = async (transactionId: string) => (await collections()).checkout_intents.findOne({ transactionId });

  it.each(tipPercents(TIPS).map((percent) => [percent, tipCents(5345, { percent })]))('a %i%% tip (%i cents) charges exactly 53.45 + the tip, and keeps both', async (percent, tip) => {
    const { status, body } = await checkout(diner, 0.01, { tip: { percent } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ price: (5345 + tip) / 100, subtotal: 53.45, tip: tip / 100 });
    expect(await intentOf(body.transactionId)).toMatchObject({ price: (5345 + tip) / 100, subtotalCents: 5345, tipCents: tip, tipPercent: percent });
    expect((await payDemo(diner, body.transactionId)).status).toBe(200);
    expect(await historyOf(diner)).toMatchObject([{ price: (5345 + tip) / 100, subtotal: 53.45, tip: tip / 100, tipPercent: percent }]);
  });

  it.each([
    ['nothing', 0, 5345],
    ['a few dollars', 4.1, 5755],
    ['the whole subtotal', 53.45, 10690],
  ])('a custom tip of %s charges exactly the subtotal plus it', async (_name, custom, cents) => {
    const { body } = await checkout(diner, 0.01, { tip: { custom } });
    expect(body).toMatchObject({ price: cents / 100, subtotal: 53.45, tip: custom });
    expect(await intentOf(body.transactionId)).toMatchObject({ price: cents / 100, tipCents: cents - 5345 });
  });

  it('no tip at all is no tip', async () => {
    expect((await checkout(diner)).body).toMatchObject({ price: 53.45, tip: 0 });
  });

  it('ignores every amount, total and tip in cents the client sends', async () => {
    const { body } = await checkout(diner, 0.01, { amount: 1, total: 1, tipCents: 999_999, amountCents: 1, tip: { percent: 15 } });
    // 15 % of 53.45 is 8.0175: 8.02.
    expect(body).toMatchObject({ price: 61.47, subtotal: 53.45, tip: 8.02 });
    expect(await intentOf(body.transactionId)).toMatchObject({ price: 61.47, tipCents: 802 });
  });

  it.each([
    ['over the subtotal', { custom: 53.46 }, 400, "The tip can be at most the food's price, $53.45."],
    ['negative', { custom: -1 }, 400, 'tip.custom: The tip cannot be negative'],
    ['a fraction of a cent', { custom: 1.005 }, 400, 'tip.custom: The tip must be in whole cents'],
    ['not a number', { custom: '5' }, 400, 'tip.custom: The tip must be a number'],
    ['a percentage not offered', { percent: 12 }, 400, 'tip.percent must be one of 0, 10, 15, 20'],
    ['a percentage that is not one', { percent: 12.5 }, 400, 'tip.percent: tip.percent must be a whole number'],
    ['both a percentage and an amount', { percent: 10, custom: 1 }, 400, 'tip: Choose a tip percentage or a custom amount'],
    ['neither', {}, 400, 'tip: Choose a tip percentage or a custom amount'],
    ['in cents', { cents: 500 }, 400, 'tip: tip must be { percent } or { custom }'],
    ['a string', '15%', 400, 'tip: tip must be { percent } or { custom }'],
  ])('refuses a tip %s, opening no payment', async (_name, tip, status, error) => {
    const { checkout_intents } = await collections();
    const before = await checkout_intents.countDocuments({});
    expect(await checkout(diner, 0.01, { tip })).toEqual({ status, body: { error } });
    expect(await checkout_intents.countDocuments({})).toBe(before);
  });
});

describe("the restaurant's own tips", () => {
  let diner: Person;
  beforeAll(async () => {
    await changeSettings((s) => {
      s.tips = { presets: [5, 12], custom: false };
    });
  });
  afterAll(async () => {
    await changeSettings((s) => {
      s.tips = TIPS;
    });
  });
  beforeEach(async () => {
    diner = await makeDiner();
    const { soup } = await pricedMenuItems();
    await addLines(diner, [soup]);
  });

  it('are the percentages it offers, and no other', async () => {
    expect((await checkout(diner, 0.01, { tip: { percent: 12 } })).body).toMatchObject({ subtotal: 14.5, tip: 1.74 });
    expect(await checkout(diner, 0.01, { tip: { percent: 15 } })).toEqual({ status: 400, body: { error: 'tip.percent must be one of 0, 5, 12' } });
  });

  it('take no typed amount when it says so', async () => {
    expect(await checkout(diner, 0.01, { tip: { custom: 1 } })).toEqual({ status: 400, body: { error: 'We take no custom tip: please choose a percentage.' } });
  });
});
