/**
 * Orders a person can read, through the handlers and the demo card: order numbers under
 * concurrent payments, the receipt's API for its owner only, and tips counted apart in the
 * statistics.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getOrder } from '@/app/api/orders/[id]/route';
import { GET as getStats } from '@/app/api/stats/route';
import { addToCart } from '@/lib/cart/cart';
import { collections } from '@/lib/db';
import { FIRST_ORDER_NUMBER } from '@/lib/orders/numbers';
import { placeOrder } from '@/lib/orders/place';
import type { Order } from '@/lib/orders/types';
import type { CheckoutIntent } from '@/lib/payments/types';
import type { AdminStats } from '@/lib/stats/types';
import { call, params } from '../support/http';
import { pricedMenuItems, seedItem } from '../support/menu';
import { makeAdmin, makeDiner, viewerOf, type Person } from '../support/people';
import { addLines, checkout, historyOf, payDemo, payFor } from '../payments/support';
import { atTable } from '../support/settings';

let soup: string;
let salad: string;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup, salad } = await pricedMenuItems());
});

const receipt = (caller: Person | undefined, id: string) =>
  call<Order & { error?: string }>(getOrder, `/api/orders/${id}`, caller ? { as: caller } : {}, params({ id }));

describe('order numbers', () => {
  it('50 payments completing at once get 50 different numbers, increasing with no gap', async () => {
    const diners = await Promise.all(Array.from({ length: 50 }, () => makeDiner()));
    const intents: CheckoutIntent[] = [];
    for (const diner of diners) {
      await addLines(diner, [soup]);
      intents.push((await checkout(diner)).body);
    }
    const answers = await Promise.all(diners.map((diner, i) => payDemo(diner, intents[i]!.transactionId)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const numbers = (await Promise.all(diners.map(async (diner) => (await historyOf(diner))[0]?.number))).filter((n) => n !== undefined);
    expect(numbers).toHaveLength(50);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(sorted[0]).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);
    expect(sorted.at(-1)! - sorted[0]!).toBe(49);
  });

  it('a later payment gets a higher number', async () => {
    const first = (await payFor(await makeDiner(), [soup])).result.order.number!;
    const second = (await payFor(await makeDiner(), [salad])).result.order.number!;
    expect(second).toBeGreaterThan(first);
  });

  it("a payment's order is written once however many completions write it, the unique transaction id settling them", async () => {
    const diner = await makeDiner();
    const { result, intent } = await payFor(diner, [soup]);
    const { payments } = await collections();
    const order = (await payments.findOne({ transactionId: intent.transactionId }))!;
    await payments.deleteOne({ _id: order._id });
    const { number: _, status: __, statusHistory: ___, updatedAt: ____, ...paid } = order;
    const written = await Promise.all([placeOrder(paid), placeOrder(paid), placeOrder(paid)]);
    expect(new Set(written.map((o) => o.number)).size).toBe(1);
    expect(written[0]).toMatchObject({ _id: order._id, transactionId: intent.transactionId, status: 'pending' });
    expect(await payments.countDocuments({ transactionId: intent.transactionId })).toBe(1);
    expect(written[0]!.number).toBeGreaterThan(result.order.number!);
  });

  it('a new counter starts above the highest number already given, or at 1001 when there is none', async () => {
    const { counters, payments } = await collections();
    const numbered = await payments.find({ number: { $exists: true } }).toArray();
    await payments.deleteMany({ number: { $exists: true } });
    await counters.deleteMany({});
    expect((await payFor(await makeDiner(), [soup])).result.order.number).toBe(FIRST_ORDER_NUMBER);

    // A database whose orders were numbered before the counter existed.
    await counters.deleteMany({});
    await payments.insertMany(numbered.map((doc) => ({ ...doc, number: doc.number! + 5000 })));
    const highest = Math.max(...numbered.map((doc) => doc.number! + 5000));
    expect((await payFor(await makeDiner(), [soup])).result.order.number).toBe(highest + 1);
    expect((await payFor(await makeDiner(), [salad])).result.order.number).toBe(highest + 2);
    expect(await counters.find({}).toArray()).toEqual([{ _id: 'orderNumber', value: highest + 2 }]);
  });
});

describe('GET /api/orders/{id}: the receipt', () => {
  it('answers the diner their own order: number, lines, subtotal, tip, total and fulfilment', async () => {
    const diner = await makeDiner();
    const { result } = await payFor(diner, [soup, salad], { tip: { percent: 20 }, fulfilment: await atTable(7) });
    const { status, body } = await receipt(diner, result.order._id);
    expect(status).toBe(200);
    // 14.50 + 9.95 = 24.45; 20 % is 4.89.
    expect(body).toMatchObject({
      _id: result.order._id,
      number: result.order.number,
      subtotal: 24.45,
      tip: 4.89,
      tipPercent: 20,
      price: 29.34,
      fulfilment: { kind: 'table', table: 7 },
      status: 'pending',
      itemCount: 2,
    });
    expect(body.items.map((item) => [item.quantity, item.unitCents, item.lineCents])).toEqual([
      [1, 1450, 1450],
      [1, 995, 995],
    ]);
  });

  it("answers another diner 403 with nothing of the order, an anonymous caller 401, and an admin any order", async () => {
    const owner = await makeDiner();
    const { result } = await payFor(owner, [soup], { fulfilment: await atTable() });
    const id = result.order._id;
    const other = await receipt(await makeDiner(), id);
    expect(other).toEqual({ status: 403, body: { error: 'This is not your order.' } });
    expect(JSON.stringify(other.body)).not.toContain(owner.email);
    expect((await receipt(undefined, id)).status).toBe(401);
    expect(await receipt(await makeAdmin(), id)).toMatchObject({ status: 200, body: { _id: id, email: owner.email } });
  });

  it('answers 404 for an unpaid intent, an id that names nothing and a malformed id', async () => {
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const intent = (await checkout(diner)).body;
    const open = await (await collections()).checkout_intents.findOne({ transactionId: intent.transactionId });
    for (const id of [open!._id.toHexString(), '0123456789abcdef01234567', 'not-an-id']) {
      expect(await receipt(diner, id)).toEqual({ status: 404, body: { error: 'No order has this id.' } });
    }
  });
});

describe('statistics with tips', () => {
  it('count the food (quantities and option extras) in revenue and dishes sold, and report tips apart', async () => {
    const admin = await makeAdmin();
    const stats = async () => (await call<AdminStats>(getStats, '/api/stats', { as: admin })).body;
    const pasta = await seedItem({
      name: 'Tip Pasta',
      category: 'dessert',
      price: 12,
      options: [{ name: 'Extras', min: 0, max: 1, choices: [{ name: 'Truffle', price: 3 }] }],
    });
    const before = await stats();
    const diner = await makeDiner();
    await addToCart(await viewerOf(diner), { menuId: pasta, quantity: 2, options: [{ group: 'Extras', choices: ['Truffle'] }] });
    const intent = (await checkout(diner, 0.01, { tip: { custom: 5 } })).body;
    expect((await payDemo(diner, intent.transactionId)).status).toBe(200);
    const after = await stats();
    // 2 × (12 + 3) = 30 of food; the 5 tip is not revenue.
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(3000);
    expect(Math.round((after.tips - before.tips) * 100)).toBe(500);
    const dessert = (stats: AdminStats) => stats.categories.find((c) => c.category === 'dessert') ?? { quantity: 0, revenue: 0 };
    expect(dessert(after).quantity - dessert(before).quantity).toBe(2);
    expect(Math.round((dessert(after).revenue - dessert(before).revenue) * 100)).toBe(3000);
  });
});
