import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getCart } from '@/app/api/carts/route';
import { DELETE as deleteCartItem } from '@/app/api/carts/[id]/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import { GET as paymentsOf } from '@/app/api/payments/[email]/route';
import type { CartItem } from '@/lib/cart/types';
import { collections } from '@/lib/db';
import { FIRST_ORDER_NUMBER } from '@/lib/orders/numbers';
import { CART_CHANGED } from '@/lib/cart/cart';
import { call, params } from '../support/http';
import { orderDoc } from '../support/order-doc';
import { pricedMenuItems, setMenuPrice } from '../support/menu';
import { makeDiner, type Person } from '../support/people';
import { DECLINED_CARD, GOOD_CARD, addLines, checkout, historyOf, payDemo, save } from './support';

let soup: string;
let salad: string;
let shopper: Person;
let n = 0;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY; // the demo card provider
  ({ soup, salad } = await pricedMenuItems());
});

// Every test shops as a new user, so carts and histories never mix.
beforeEach(async () => {
  shopper = await makeDiner({ email: `shopper${++n}@bistro.test` });
});

const cartOf = async (caller: Person) =>
  (await call<CartItem[]>(getCart, `/api/carts?email=${caller.email}`, { as: caller })).body;

/** 3 × 14.50 + 9.95 = 53.45 in the cart, on two lines (the three soups are one line of 3). */
const fillCart = (caller: Person) => addLines(caller, [soup, soup, soup, salad]);

/** How many dishes the cart holds, over its lines. */
const dishesIn = async (caller: Person) => (await cartOf(caller)).reduce((sum, line) => sum + line.quantity, 0);

describe('POST /api/create-payment-intent', () => {
  it('prices the cart on the server, in exact cents, ignoring the price the client sends', async () => {
    await fillCart(shopper);
    const res = await checkout(shopper, 0.01);
    expect(res.status).toBe(200);
    expect(res.body.price).toBe(53.45);
    expect(res.body.transactionId).toMatch(/^demo_pi_[0-9a-f]{24}$/);
    expect(res.body.clientSecret).toContain(res.body.transactionId);
  });

  it('refuses a line whose price changed since it was added, naming it; chosen again, it is charged at the new price', async () => {
    const [, saladLine] = await fillCart(shopper);
    await setMenuPrice(salad, 10.05);
    try {
      const refused = await checkout(shopper);
      expect(refused.status).toBe(409);
      const { name } = (await cartOf(shopper)).find((line) => line._id === saladLine)!;
      expect(refused.body.error).toBe(`${name} changed on the menu since you added it. Please choose it again or remove it.`);
      await call(deleteCartItem, `/api/carts/${saladLine}`, { method: 'DELETE', as: shopper }, params({ id: saladLine! }));
      await addLines(shopper, [salad]);
      expect((await checkout(shopper)).body.price).toBe(53.55);
    } finally {
      await setMenuPrice(salad, 9.95);
    }
  });

  it('resumes the open intent for the same cart, and opens a new one when the cart changes', async () => {
    await fillCart(shopper);
    const first = (await checkout(shopper)).body;
    expect((await checkout(shopper)).body).toEqual(first);
    await addLines(shopper, [salad]);
    const second = (await checkout(shopper)).body;
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(second.price).toBe(63.4);
  });

  it('answers 409 for an empty cart, for a dish gone from the menu, and 401 for an anonymous visitor', async () => {
    expect(await checkout(shopper)).toEqual({ status: 409, body: { error: 'Your cart is empty.' } });
    const { menu } = await collections();
    const gone = await menu.insertOne({ name: 'Seasonal Soup', recipe: '', image: '/x.svg', category: 'soup', price: 5, available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });
    await addLines(shopper, [soup, gone.insertedId.toHexString()]);
    await menu.deleteOne({ _id: gone.insertedId });
    expect(await checkout(shopper)).toEqual({ status: 409, body: { error: 'Seasonal Soup is no longer on the menu. Please remove it.' } });
    expect((await call(createIntent, '/api/create-payment-intent', { json: { price: 1 } })).status).toBe(401);
  });
});

describe('paying with the demo card', () => {
  it('records the payment once the card goes through, answering the order, clears the paid lines and shows it in the history', async () => {
    const lines = await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const paid = await payDemo(shopper, intent.transactionId);
    expect(paid).toEqual({
      status: 200,
      body: {
        status: 'succeeded',
        transactionId: intent.transactionId,
        paymentResult: { insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) },
        order: { _id: paid.body.paymentResult.insertedId, number: expect.any(Number), fulfilment: { kind: 'table', table: 1 } },
      },
    });
    expect(await cartOf(shopper)).toEqual([]);
    // The payment page needs nothing more; an API client that saves the payment too is answered the same order.
    const saved = await save(shopper, intent, { cartIds: lines, menuItemIds: [soup, soup, soup, salad] });
    expect(saved).toEqual({ status: 200, body: { paymentResult: paid.body.paymentResult, order: paid.body.order } });

    const [payment, ...more] = await historyOf(shopper);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      _id: paid.body.paymentResult.insertedId,
      email: shopper.email,
      price: 53.45,
      transactionId: intent.transactionId,
      cartIds: lines,
      menuItemIds: [soup, soup, soup, salad],
      status: 'pending',
    });
    expect(Date.now() - new Date(payment!.data).getTime()).toBeLessThan(60_000);
  });

  it('declines 4000 0000 0000 0002 with the card-declined message and records nothing; another card may follow', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    expect(await payDemo(shopper, intent.transactionId, DECLINED_CARD)).toEqual({ status: 402, body: { error: 'Your card was declined.' } });
    expect(await historyOf(shopper)).toEqual([]);
    expect(await dishesIn(shopper)).toBe(4);
    expect((await save(shopper, intent)).status).toBe(402);

    expect((await payDemo(shopper, intent.transactionId)).status).toBe(200);
    expect(await historyOf(shopper)).toHaveLength(1);
  });

  it.each([
    ['a number failing the Luhn check', { number: '4242 4242 4242 4241' }, 'number: Your card number is invalid.'],
    ['a short number', { number: '4242 4242' }, 'number: Your card number is incomplete.'],
    ['letters in the number', { number: '4242 abcd 4242 4242' }, 'number: Your card number is invalid.'],
    ['an expiry in the past', { expiry: '01/20' }, "expiry: Your card's expiration date is in the past."],
    ['an expiry that is not MM/YY', { expiry: '13/30' }, "expiry: Your card's expiration date is incomplete. Use MM/YY."],
    ['a short CVC', { cvc: '12' }, "cvc: Your card's security code is incomplete."],
  ])('refuses %s with a field error and charges nothing', async (_name, change, message) => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    expect(await payDemo(shopper, intent.transactionId, { ...GOOD_CARD, ...change })).toEqual({ status: 400, body: { error: message } });
    expect(await historyOf(shopper)).toEqual([]);
  });
});

describe('a payment cannot be forged', () => {
  it('POST /api/payments refuses an intent that was never paid', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    expect(await save(shopper, intent)).toEqual({ status: 402, body: { error: 'This payment has not gone through.' } });
    expect(await historyOf(shopper)).toEqual([]);
    expect(await dishesIn(shopper)).toBe(4);
  });

  it('refuses a tampered price, before and after the card was charged', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const cheap = { transactionId: intent.transactionId, price: 0.5 };
    expect(await save(shopper, cheap)).toEqual({ status: 409, body: { error: 'The price does not match this payment.' } });
    await payDemo(shopper, intent.transactionId);
    expect((await save(shopper, cheap)).status).toBe(409);
    expect((await historyOf(shopper)).map((p) => p.price)).toEqual([53.45]);
  });

  it("refuses to pay or record someone else's intent, and a payload naming another email", async () => {
    const victim = await makeDiner({ email: `victim${n}@bistro.test` });
    await fillCart(victim);
    const intent = (await checkout(victim)).body;
    expect(await payDemo(shopper, intent.transactionId)).toEqual({ status: 404, body: { error: 'No payment has this transaction id.' } });
    await payDemo(victim, intent.transactionId);
    expect((await save(shopper, intent)).status).toBe(404);
    expect(await save(shopper, intent, { email: victim.email })).toEqual({ status: 403, body: { error: 'You may only pay for your own cart.' } });
    expect(await historyOf(shopper)).toEqual([]);
    expect(await historyOf(victim)).toHaveLength(1);
  });

  it('answers 404 for a made-up transaction id and 400 for a malformed one', async () => {
    expect((await save(shopper, { transactionId: 'demo_pi_000000000000000000000000', price: 1 })).status).toBe(404);
    expect((await save(shopper, { transactionId: '{"$ne":null}', price: 1 })).status).toBe(400);
  });
});

describe('idempotency', () => {
  it('a replayed POST /api/payments answers the same payment and records no second one', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    await payDemo(shopper, intent.transactionId);
    const first = await save(shopper, intent);
    const replay = await save(shopper, intent);
    expect(replay).toEqual(first);
    expect(await historyOf(shopper)).toHaveLength(1);
  });

  it('a double submit (card form and save) charges and records once, however the requests interleave', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const answers = await Promise.all(Array.from({ length: 5 }, () => payDemo(shopper, intent.transactionId)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const saves = await Promise.all([save(shopper, intent), save(shopper, intent)]);
    expect(saves[0]).toEqual(saves[1]);
    const { payments } = await collections();
    expect(await payments.countDocuments({ transactionId: intent.transactionId })).toBe(1);
    expect(await historyOf(shopper)).toHaveLength(1);
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('two tabs with different tips paid at the same moment: the newer checkout replaced the older, so one order, one charge', async () => {
    await fillCart(shopper);
    const tabs = [(await checkout(shopper, 0.01, { tip: { percent: 10 } })).body, (await checkout(shopper, 0.01, { tip: { percent: 15 } })).body];
    expect(tabs[0]!.transactionId).not.toBe(tabs[1]!.transactionId);
    const answers = await Promise.all(tabs.map((tab) => payDemo(shopper, tab.transactionId)));
    expect(answers.map((a) => a.status)).toEqual([409, 200]);
    expect(answers[0]!.body).toEqual({ error: 'This checkout was replaced by a newer one (Pay was pressed again, perhaps in another tab). Your card was not charged.' });
    expect(await historyOf(shopper)).toMatchObject([{ transactionId: tabs[1]!.transactionId, tipPercent: 15 }]);
    const { checkout_intents } = await collections();
    expect(await checkout_intents.findOne({ transactionId: tabs[0]!.transactionId })).toMatchObject({ status: 'open', voided: expect.stringMatching(/^This checkout was replaced/) });
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('a completion that claimed the intent and crashed before writing its order is taken over by the next one', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const { checkout_intents, payments } = await collections();
    // What a completion leaves that claimed the paid intent a minute ago and then stopped.
    const then = new Date(Date.now() - 60_000);
    await checkout_intents.updateOne({ transactionId: intent.transactionId }, { $set: { status: 'paid', paidAt: then, claimedAt: then } });
    expect(await payments.countDocuments({ transactionId: intent.transactionId })).toBe(0);
    const saved = await save(shopper, intent);
    expect(saved.status).toBe(200);
    expect(saved.body.order.number).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);
    expect(await historyOf(shopper)).toMatchObject([{ transactionId: intent.transactionId, data: then.toISOString(), number: saved.body.order.number }]);
    expect(await cartOf(shopper)).toEqual([]);
    expect(await save(shopper, intent)).toEqual(saved);
  });

  it('a replayed save of a payment recorded before checkouts were kept apart answers its order, to its owner only', async () => {
    const { payments } = await collections();
    const { insertedId } = await payments.insertOne(orderDoc({ ownerUid: shopper.uid, email: shopper.email, price: 14.5, transactionId: 'demo_pi_before', number: 900 }));
    const order = { paymentResult: { insertedId: insertedId.toHexString() }, order: { _id: insertedId.toHexString(), number: 900 } };
    expect(await save(shopper, { transactionId: 'demo_pi_before', price: 14.5 })).toEqual({ status: 200, body: order });
    expect(await save(shopper, { transactionId: 'demo_pi_before', price: 1 })).toMatchObject({ status: 409 });
    const other = await makeDiner();
    expect(await save(other, { transactionId: 'demo_pi_before', price: 14.5 })).toEqual({ status: 404, body: { error: 'No payment has this transaction id.' } });
  });

  it('a paid intent is not paid again: a second confirmation answers success without a new charge', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    await payDemo(shopper, intent.transactionId);
    expect((await payDemo(shopper, intent.transactionId, DECLINED_CARD)).status).toBe(200);
    expect(await historyOf(shopper)).toHaveLength(1);
  });
});

describe('the cart changing between the intent and the payment', () => {
  it('a price change on the menu stops the charge with 409 naming the dish, and records nothing', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const [soupLine] = await cartOf(shopper);
    await setMenuPrice(soup, 15);
    try {
      expect(await payDemo(shopper, intent.transactionId)).toEqual({
        status: 409,
        body: { error: `${soupLine!.name} changed on the menu since you added it. Please choose it again or remove it. Your card was not charged.` },
      });
    } finally {
      await setMenuPrice(soup, 14.5);
    }
    expect(await historyOf(shopper)).toEqual([]);
    expect(await dishesIn(shopper)).toBe(4);
  });

  it('a dish added again after the intent (its line now holds more): what the intent covers is paid, and the one added stays in the cart', async () => {
    await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    await addLines(shopper, [soup]);
    expect((await payDemo(shopper, intent.transactionId)).status).toBe(200);
    expect(await historyOf(shopper)).toMatchObject([{ price: 53.45, lines: [{ quantity: 3 }, { quantity: 1 }] }]);
    expect((await cartOf(shopper)).map((line) => [line.menuId, line.quantity])).toEqual([[soup, 1]]);
    expect((await checkout(shopper)).body.price).toBe(14.5);
  });

  it('an intent older than an hour is not charged: 409, nothing recorded, and Pay opens a new one', async () => {
    await fillCart(shopper);
    const stale = (await checkout(shopper)).body;
    const { checkout_intents } = await collections();
    await checkout_intents.updateOne({ transactionId: stale.transactionId }, { $set: { createdAt: new Date(Date.now() - 61 * 60 * 1000) } });
    const expired = 'This checkout was open for more than an hour, so it was cancelled. Please press Pay again. Your card was not charged.';
    expect(await payDemo(shopper, stale.transactionId)).toEqual({ status: 409, body: { error: expired } });
    expect(await payDemo(shopper, stale.transactionId)).toEqual({ status: 409, body: { error: expired } });
    expect(await historyOf(shopper)).toEqual([]);
    const again = (await checkout(shopper)).body;
    expect(again.transactionId).not.toBe(stale.transactionId);
    expect((await payDemo(shopper, again.transactionId)).status).toBe(200);
  });

  it('a line removed after the intent stops the charge with 409', async () => {
    const lines = await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    await call(deleteCartItem, `/api/carts/${lines[1]}`, { method: 'DELETE', as: shopper }, params({ id: lines[1]! }));
    expect(await payDemo(shopper, intent.transactionId)).toEqual({ status: 409, body: { error: `${CART_CHANGED} Your card was not charged.` } });
    expect(await historyOf(shopper)).toEqual([]);
    const fresh = (await checkout(shopper)).body;
    expect(fresh.price).toBe(43.5);
  });

  it('a line added after the intent is not paid for and stays in the cart', async () => {
    const lines = await fillCart(shopper);
    const intent = (await checkout(shopper)).body;
    const [added] = await addLines(shopper, [salad], 'no croutons');
    await payDemo(shopper, intent.transactionId);
    await save(shopper, intent);
    const [payment] = await historyOf(shopper);
    expect(payment).toMatchObject({ price: 53.45, cartIds: lines });
    expect((await cartOf(shopper)).map((l) => l._id)).toEqual([added]);
  });
});

describe('GET /api/payments/{email}', () => {
  it('lists the newest payment first and never shows unpaid intents', async () => {
    await addLines(shopper, [soup]);
    const first = (await checkout(shopper)).body;
    await payDemo(shopper, first.transactionId);
    await addLines(shopper, [salad]);
    const second = (await checkout(shopper)).body;
    await payDemo(shopper, second.transactionId);
    await addLines(shopper, [soup]);
    await checkout(shopper); // an open intent
    expect((await historyOf(shopper)).map((p) => p.transactionId)).toEqual([second.transactionId, first.transactionId]);
  });

  it("refuses another user's history with 403 and an anonymous visitor with 401", async () => {
    const other = 'someone.else@bistro.test';
    expect((await call(paymentsOf, `/api/payments/${other}`, { as: shopper }, params({ email: other }))).status).toBe(403);
    expect((await call(paymentsOf, `/api/payments/${shopper.email}`, {}, params({ email: shopper.email }))).status).toBe(401);
  });
});
