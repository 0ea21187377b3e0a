/**
 * GET /api/reports/sales through its handler, on orders paid with the demo card: who may read it,
 * what it refuses, the sale of today with its tax and tip, a refund counted on the day it is made
 * once (retried, reported again as Stripe's webhook does, or with a cancellation), and the CSV of
 * the period's orders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { GET as salesReport } from '@/app/api/reports/sales/route';
import { collections } from '@/lib/db';
import { addDays } from '@/lib/reservations/calendar';
import { recordProviderRefunds } from '@/lib/payments/refunds';
import type { SalesReport } from '@/lib/reports/types';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { restaurantClock } from '../support/clock';
import { call, params, request } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { insertOrder } from '../support/orders';
import { makeAdmin, makeDiner, makeStaff, type Person } from '../support/people';
import { changeSettings } from '../support/settings';
import { payFor } from '../payments/support';
import { startFakeStripe, type FakeStripe } from '../payments/fake-stripe';
import type { Order } from '@/lib/orders/types';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
let salad: string;
let admin: Person;
let staff: Person;
let diner: Person;
const names: Record<string, string> = {};
/** Stripe's account of the refunds, which charge.refunded reads (recordStripeRefunds). */
let fake: FakeStripe;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  fake = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
  process.env.STRIPE_API_BASE = fake.url;
  ({ soup, salad } = await pricedMenuItems());
  for (const dish of await (await collections()).menu.find({}).toArray()) names[dish._id.toHexString()] = dish.name;
  admin = await makeAdmin({ name: 'Ada Admin' });
  staff = await makeStaff();
  diner = await makeDiner();
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_BASE;
  await fake.close();
});
beforeEach(async () => {
  setRateLimitStore(new MemoryRateLimitStore());
  const { payments, dailyRollups } = await collections();
  await Promise.all([payments.deleteMany({}), dailyRollups.deleteMany({})]);
  await changeSettings((s) => void (s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }] }));
});

const today = () => restaurantClock(new Date()).today;
const report = (as: Person | null, query: string) => call<SalesReport & { error?: string }>(salesReport, `/api/reports/sales?${query}`, as ? { as } : {});
const todays = async () => (await report(admin, `from=${today()}&to=${today()}`)).body;

/** 3 × 14.50 + 9.95 = 53.45, sales tax 8.875 % 4.74, a 10 % tip 5.35: 63.54 charged, at a table. */
async function paidOrder(): Promise<{ id: string; transactionId: string }> {
  const { intent, result } = await payFor(diner, [soup, soup, soup, salad], { tip: { percent: 10 } });
  return { id: result.paymentResult.insertedId, transactionId: intent.transactionId };
}

describe('GET /api/reports/sales', () => {
  it('answers admins only: visitors are asked to log in, diners and staff refused', async () => {
    const query = `from=${today()}&to=${today()}`;
    expect((await report(null, query)).status).toBe(401);
    expect(await report(diner, query)).toEqual({ status: 403, body: { error: 'Only admins may do this.' } });
    expect(await report(staff, query)).toEqual({ status: 403, body: { error: 'Only admins may do this.' } });
    expect((await report(admin, query)).status).toBe(200);
    // The orders as CSV too: the refusal is the JSON error, never a line of the file.
    expect(await report(diner, `${query}&format=csv`)).toEqual({ status: 403, body: { error: 'Only admins may do this.' } });
    expect((await report(null, `${query}&format=csv`)).status).toBe(401);
  });

  it.each([
    ['no dates', '', /^from: from and to are required/],
    ['no to', 'from=2024-06-01', /^to: from and to are required/],
    ['a malformed date', 'from=2024-6-1&to=2024-06-30', /^from: must be a date, YYYY-MM-DD$/],
    ['a day that does not exist', 'from=2024-02-30&to=2024-03-01', /^from: must be a date/],
    ['from after to', 'from=2024-06-02&to=2024-06-01', /^to: from must not be after to$/],
    ['more than three years', 'from=2021-01-01&to=2024-01-01', /^to: a report covers at most 3 years: to must be before 2024-01-01$/],
    ['an unknown format', 'from=2024-06-01&to=2024-06-01&format=xlsx', /^format: format must be json or csv$/],
    ['an operator for a parameter', 'from=2024-06-01&to[$gte]=2020-01-01', /^to: from and to are required/],
    ['an operator beside the parameters', 'from=2024-06-01&to=2024-06-01&from[$gte]=2020-01-01', /from\[\$gte\]/],
    ['an unknown parameter', 'from=2024-06-01&to=2024-06-01&period=all', /period/],
    ['a parameter twice', 'from=2024-06-01&from=2024-06-02&to=2024-06-03', /given more than once/],
  ])('refuses %s with a 400 naming the problem', async (_name, query, error) => {
    const res = await report(admin, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(error);
  });

  it('three years to the day before is the longest range, and answers empty figures', async () => {
    const res = await report(admin, 'from=2021-01-01&to=2023-12-31');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2021-01-01', to: '2023-12-31', orders: 0, grossSalesCents: 0, netCents: 0, tax: [], hours: [], dishes: [] });
  });

  it("today's report shows the sale with its tax and tip, and a refund made today once, however often it is told", async () => {
    const { id, transactionId } = await paidOrder();
    const sale = await todays();
    expect(sale).toMatchObject({
      orders: 1,
      cancelled: 0,
      grossSalesCents: 5345 + 474,
      tipsCents: 535,
      refundsCents: 0,
      netCents: 5345 + 474 + 535,
      tax: [{ id: 'food', name: 'Sales tax', percent: 8.875, baseCents: 5345, cents: 474 }],
      fulfilment: { table: { orders: 1, salesCents: 5819 }, pickup: { orders: 0, salesCents: 0 } },
      dishes: [
        { menuId: soup, name: names[soup], quantity: 3, salesCents: 4350 },
        { menuId: salad, name: names[salad], quantity: 1, salesCents: 995 },
      ],
    });
    expect(sale.hours).toEqual([{ hour: Math.floor(restaurantClock(new Date()).minutes / 60), orders: 1, salesCents: 5819 }]);

    // The salad back: 9.95 and its tax, 0.88.
    const refunded = await call<Order>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { lines: [{ index: 1, quantity: 1 }], reason: 'Wilted' } }, params({ id }));
    expect(refunded.status).toBe(201);
    expect(await todays()).toMatchObject({ orders: 1, grossSalesCents: 5819, refundsCents: 1083, netCents: 6354 - 1083 });
    // Stripe's charge.refunded for the same refund (tagged with our refund id) changes nothing, told once or twice.
    const refundId = refunded.body.refunds![0]!.id;
    fake.refunds.push({ id: `re_${refundId}`, object: 'refund', amount: 1083, payment_intent: transactionId, status: 'succeeded', metadata: { refund_id: refundId } });
    await recordProviderRefunds(transactionId);
    await recordProviderRefunds(transactionId);
    expect(await todays()).toMatchObject({ refundsCents: 1083 });

    // Cancelling gives back the rest, counted once with the refund before it: all of it, tip included.
    const cancelled = await call(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: admin, json: { status: 'cancelled' } }, params({ id }));
    expect(cancelled.status).toBe(200);
    expect(await todays()).toMatchObject({ orders: 1, cancelled: 1, grossSalesCents: 5819, tipsCents: 535, refundsCents: 6354, netCents: 0 });
    await recordProviderRefunds(transactionId);
    expect(await todays()).toMatchObject({ refundsCents: 6354, netCents: 0 });
  });

  it('a refund today of an order paid on another day counts today, and leaves that day as it was', async () => {
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    const id = await insertOrder({ data: lastWeek, price: 20, subtotalCents: 2000, transactionId: `demo_pi_${Date.now()}` });
    const day = restaurantClock(lastWeek).today;
    const before = (await report(admin, `from=${day}&to=${day}`)).body;
    expect(before).toMatchObject({ orders: 1, grossSalesCents: 2000, refundsCents: 0 });
    const res = await call(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { amountCents: 700, reason: 'Late' } }, params({ id }));
    expect(res.status).toBe(201);
    expect((await report(admin, `from=${day}&to=${day}`)).body).toEqual(before);
    expect(await todays()).toMatchObject({ orders: 0, grossSalesCents: 0, refundsCents: 700, netCents: -700 });
    expect((await report(admin, `from=${day}&to=${today()}`)).body).toMatchObject({ orders: 1, grossSalesCents: 2000, refundsCents: 700, netCents: 1300 });
  });

  it('format=csv streams the orders paid in the period with their lines, and no other', async () => {
    await paidOrder();
    await insertOrder({ data: new Date(`${addDays(today(), -3)}T12:00:00Z`), price: 99 });
    const res = await salesReport(request('GET', `/api/reports/sales?from=${today()}&to=${today()}&format=csv`, { headers: { authorization: `Bearer ${admin.token}` } }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="bistro-orders-${today()}-to-${today()}-`));
    const rows = (await res.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^order,paid_at,email,name,status,fulfilment,line,dish,/);
    expect(rows.slice(1).map((row) => row.split(',')[7])).toEqual([names[soup], names[salad]]);
    expect(rows[1]).toContain(',63.54,');
  });
});
