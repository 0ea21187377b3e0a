/**
 * A cart line is paid once, whatever order two intents over it open, confirm or fail in (Stripe
 * mode, against the local fake of its API). Two windows used to let a second intent capture the
 * same lines: the moment between the first payment's capture and its lines leaving the cart, and
 * for good once the first payment's completion failed after its capture.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getCart } from '@/app/api/carts/route';
import * as cart from '@/lib/cart/cart';
import type { CartItem } from '@/lib/cart/types';
import { collections } from '@/lib/db';
import * as place from '@/lib/orders/place';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { call } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, type Person } from '../support/people';
import { addLines, checkout, historyOf, save, withFakeStripe } from './support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());
vi.mock('@/lib/cart/cart', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/cart/cart')>();
  return { ...actual, removePaidLines: vi.fn(actual.removePaidLines) };
});
vi.mock('@/lib/orders/place', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/orders/place')>();
  return { ...actual, placeOrder: vi.fn(actual.placeOrder) };
});

const fake = withFakeStripe();

let soup: string;
let salad: string;
let diner: Person;
beforeAll(async () => {
  ({ soup, salad } = await pricedMenuItems());
});
beforeEach(async () => {
  diner = await makeDiner();
});

const captured = (ids: string[]) => fake().requests.filter((r) => ids.some((id) => r.path === `/v1/payment_intents/${id}/capture`)).length;
const cartOf = async (caller: Person) => (await call<CartItem[]>(getCart, `/api/carts?email=${caller.email}`, { as: caller })).body;

describe('a line is paid by one intent only', () => {
  it('an intent opened while the first payment is being recorded (its lines still in the cart) is not charged for them', async () => {
    await addLines(diner, [soup, salad]);
    const first = (await checkout(diner)).body;
    fake().confirm(first.transactionId);
    let second: Awaited<ReturnType<typeof checkout>> | undefined;
    let secondSaved: Awaited<ReturnType<typeof save>> | undefined;
    const remove = vi.mocked(cart.removePaidLines);
    const real = remove.getMockImplementation()!;
    remove.mockImplementationOnce(async (...args) => {
      // The first payment is captured and its order written; its lines have not left the cart yet.
      second = await checkout(diner, 0.01, { tip: { percent: 10 } });
      if (second.status === 200) {
        fake().confirm(second.body.transactionId);
        secondSaved = await save(diner, second.body);
      }
      return real(...args);
    });
    expect((await save(diner, first)).status).toBe(200);
    expect(second).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^These dishes are being paid for in another payment/) } });
    expect(secondSaved).toBeUndefined();
    expect(await historyOf(diner)).toHaveLength(1);
    expect(captured([first.transactionId])).toBe(1);
    expect(await cartOf(diner)).toEqual([]);
  });

  it('after a completion that failed once the card was captured: no second Pay for those lines, the page says what happens, and the reconciler records the order', async () => {
    await addLines(diner, [soup, salad]);
    const first = (await checkout(diner)).body;
    fake().confirm(first.transactionId);
    vi.mocked(place.placeOrder).mockRejectedValueOnce(new Error('the database went away'));
    expect((await save(diner, first)).status).toBe(500);
    expect(fake().intents.get(first.transactionId)!.status).toBe('succeeded');
    expect(await historyOf(diner)).toEqual([]);

    // The lines are still in the cart, marked as being paid for: the payment page offers no Pay for them.
    const lines = await cartOf(diner);
    expect(lines.map((line) => line.attention?.reason)).toEqual(['paying', 'paying']);
    expect(lines[0]!.attention!.message).toMatch(/^These dishes are being paid for in another payment\. Its order will be in your payment history shortly/);
    // And the server opens no second payment for them, whatever the client sends.
    const again = await checkout(diner, 0.01, { tip: { percent: 15 } });
    expect(again).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^These dishes are being paid for/) } });

    // A while later, the reconciler records the order from Stripe's word that it was charged.
    const { checkout_intents } = await collections();
    const aWhileAgo = new Date(Date.now() - 10 * 60_000);
    await checkout_intents.updateOne({ transactionId: first.transactionId }, { $set: { claimedAt: aWhileAgo, reconcileAt: aWhileAgo } });
    await reconcilePayments(new Date());
    expect(await historyOf(diner)).toMatchObject([{ transactionId: first.transactionId, price: first.price }]);
    expect(await cartOf(diner)).toEqual([]);
    expect(captured([first.transactionId])).toBe(1);
  });

  it('two intents over the same lines confirmed in any order: one is charged, the other voided', async () => {
    for (const order of [[0, 1], [1, 0]] as const) {
      const someone = await makeDiner();
      await addLines(someone, [soup]);
      // Two tabs press Pay before either card is confirmed: the second checkout replaces the first.
      const first = (await checkout(someone)).body;
      const second = (await checkout(someone, 0.01, { tip: { percent: 20 } })).body;
      fake().confirm(first.transactionId);
      fake().confirm(second.transactionId);
      const tabs = [first, second];
      const answers = [];
      for (const i of order) answers[i] = await save(someone, tabs[i]!);
      expect(answers.map((a) => a!.status).sort(), `order ${order}`).toEqual([200, 409]);
      expect(await historyOf(someone), `order ${order}`).toHaveLength(1);
      expect(captured(tabs.map((t) => t.transactionId)), `order ${order}`).toBe(1);
    }
  });
});
