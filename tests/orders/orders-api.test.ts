/**
 * Order tracking through its handlers, called with real Requests: who may call them, which status
 * changes are allowed, what two people acting at once get, and the history each change leaves.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listOrders } from '@/app/api/orders/route';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { GET as getStats } from '@/app/api/stats/route';
import { collections } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import type { MenuCategory } from '@/lib/menu/types';
import type { Order, OrderLine, OrderStatus } from '@/lib/orders/types';
import type { AdminStats } from '@/lib/stats/types';
import { errorOf, params, request } from '../support/http';
import { seedItem } from '../support/menu';
import { insertOpenIntent, insertOrder as insertPaidOrder } from '../support/orders';
import { callers, makeAdmin, type CallerKind } from '../support/people';

let who: Record<CallerKind, Record<string, string>>;
let soup: string;
let pizza: string;

beforeAll(async () => {
  who = await callers();
  soup = await seedItem({ name: 'Order Soup', category: 'soup', price: 9.5 });
  pizza = await seedItem({ name: 'Order Pizza', category: 'pizza', price: 14.25 });
});

let serial = 0;

const line = (menuId: string, name: string, category: MenuCategory, unitCents: number, quantity: number): OrderLine => ({
  menuId,
  name,
  category,
  options: [],
  quantity,
  unitCents,
  lineCents: unitCents * quantity,
});

/** A paid order of three dishes (two soups and a pizza), paid at a time of its own. */
function insertOrder(overrides: Partial<PaymentDoc> = {}): Promise<string> {
  serial += 1;
  return insertPaidOrder({
    email: `diner.${serial}@bistro.test`,
    price: 33.25,
    data: new Date(Date.UTC(2024, 5, 1, 12, serial)),
    menuItemIds: [soup, soup, pizza],
    lines: [line(soup, 'Order Soup', 'soup', 950, 2), line(pizza, 'Order Pizza', 'pizza', 1425, 1)],
    ...overrides,
  });
}

const patch = (id: string, json: unknown, headers = who.admin) => patchOrder(request('PATCH', `/api/orders/${id}`, { headers, json }), params({ id }));
const list = (query = '', headers = who.admin) => listOrders(request('GET', `/api/orders${query}`, { headers }), undefined);

async function stored(id: string) {
  const { payments } = await collections();
  return (await payments.findOne({ _id: new ObjectId(id) }))!;
}

describe('who may call the order and statistics endpoints', () => {
  const cases: [string, (headers: Record<string, string>) => Response | Promise<Response>, CallerKind][] = [
    ['GET /api/orders', (headers) => list('', headers), 'staff'],
    ['PATCH /api/orders/{id}', async (headers) => patch(await insertOrder(), { status: 'preparing' }, headers), 'staff'],
    ['GET /api/stats', (headers) => getStats(request('GET', '/api/stats', { headers }), undefined), 'admin'],
  ];

  it.each(cases)('%s: 401 anonymous, 403 below %s, 200 from there up', async (_name, call, needed) => {
    const anonymous = await call(who.anonymous);
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toBe('Please log in.');
    const refusal = needed === 'staff' ? 'Only restaurant staff may do this.' : 'Only admins may do this.';
    for (const role of ['diner', 'staff', 'admin'] as const) {
      const res = await call(who[role]);
      const allowed = role === 'admin' || role === needed;
      expect(res.status, role).toBe(allowed ? 200 : 403);
      if (!allowed) expect(await errorOf(res)).toBe(refusal);
    }
  });

  it('a refused PATCH leaves the order as it was', async () => {
    const id = await insertOrder();
    await patch(id, { status: 'preparing' }, who.anonymous);
    await patch(id, { status: 'preparing' }, who.diner);
    expect((await stored(id)).status).toBe('pending');
    const doc = await stored(id);
    expect(doc.statusHistory).toEqual([{ status: 'pending', at: doc.data }]);
    expect(doc.updatedAt.getTime()).toBe(doc.data.getTime());
  });

  it('a PATCH riding on the session cookie from another site is refused', async () => {
    const admin = await makeAdmin();
    const token = admin.headers.authorization!.replace('Bearer ', '');
    const id = await insertOrder();
    const res = await patch(id, { status: 'preparing' }, { cookie: `bistro_session=${token}`, origin: 'https://evil.test' });
    expect(res.status).toBe(403);
    expect((await stored(id)).status).toBe('pending');
  });
});

describe('GET /api/orders', () => {
  it('lists every paid order newest first, with items, total and the history; never an unpaid intent', async () => {
    const older = await insertOrder({ data: new Date('2030-01-01T10:00:00Z') });
    const newer = await insertOrder({ data: new Date('2030-01-02T10:00:00Z'), price: 14.25, menuItemIds: [pizza], lines: [line(pizza, 'Order Pizza', 'pizza', 1425, 1)] });
    const intent = await insertOpenIntent({ createdAt: new Date('2030-01-03') });

    const res = await list();
    expect(res.status).toBe(200);
    const orders = (await res.json()) as Order[];
    expect(orders.map((o) => o._id).slice(0, 2)).toEqual([newer, older]);
    expect(orders.some((o) => o._id === intent || o.email === 'intent@bistro.test')).toBe(false);
    expect(orders[1]).toMatchObject({
      price: 33.25,
      itemCount: 3,
      items: [
        { name: 'Order Soup', quantity: 2, unitCents: 950, lineCents: 1900 },
        { name: 'Order Pizza', quantity: 1, unitCents: 1425, lineCents: 1425 },
      ],
      status: 'pending',
      data: '2030-01-01T10:00:00.000Z',
      // Before any change: the history is pending at the payment time.
      history: [{ status: 'pending', at: '2030-01-01T10:00:00.000Z' }],
    });
    expect(orders[0]!.items).toEqual([{ name: 'Order Pizza', quantity: 1, options: [], unitCents: 1425, lineCents: 1425 }]);
  });

  it('?status= keeps one status or several; anything else is a 400 naming the problem', async () => {
    const ready = await insertOrder({ status: 'ready' });
    const preparing = await insertOrder({ status: 'preparing' });
    const completed = await insertOrder({ status: 'completed' });
    const orders = (await (await list('?status=ready')).json()) as Order[];
    expect(orders.map((o) => o._id)).toContain(ready);
    expect(orders.every((o) => o.status === 'ready')).toBe(true);
    const open = ((await (await list('?status=pending,preparing,ready')).json()) as Order[]).map((o) => o._id);
    expect(open).toEqual(expect.arrayContaining([ready, preparing]));
    expect(open).not.toContain(completed);

    for (const query of ['?status=shipped', '?status=ready,shipped', '?status=', '?status=ready,']) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect(await errorOf(bad)).toBe('status: status must be one or more of pending, preparing, ready, completed, cancelled, separated by commas');
    }
    const unknown = await list('?sort=price');
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatch(/sort/);
  });
});

describe('PATCH /api/orders/{id}', () => {
  it('moves pending → preparing → ready → completed, storing each change with its time', async () => {
    const id = await insertOrder();
    const before = Date.now();
    for (const status of ['preparing', 'ready', 'completed'] as const) {
      const res = await patch(id, { status });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Order).status).toBe(status);
    }
    const doc = await stored(id);
    expect(doc.status).toBe('completed');
    expect(doc.statusHistory.map((h) => h.status)).toEqual(['pending', 'preparing', 'ready', 'completed']);
    // Each change is stamped, for the servers that poll for changes and the clients that catch up.
    expect(doc.updatedAt).toEqual(doc.statusHistory.at(-1)!.at);
    const times = doc.statusHistory.slice(1).map((h) => h.at.getTime());
    expect(times[0]).toBeGreaterThanOrEqual(before - 1000);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const order = ((await (await list()).json()) as Order[]).find((o) => o._id === id)!;
    expect(order.history.map((h) => h.status)).toEqual(['pending', 'preparing', 'ready', 'completed']);
    expect(order.history[0]!.at).toBe(doc.data.toISOString());
  });

  it.each<[OrderStatus, OrderStatus]>([
    ['pending', 'cancelled'],
    ['preparing', 'cancelled'],
  ])('cancels a %s order', async (from, to) => {
    const id = await insertOrder({ status: from });
    const res = await patch(id, { status: to });
    expect(res.status).toBe(200);
    expect((await stored(id)).status).toBe('cancelled');
  });

  it.each<[OrderStatus, string, string]>([
    ['pending', 'ready', 'A pending order cannot be marked ready; it can only be marked preparing or cancelled.'],
    ['pending', 'completed', 'A pending order cannot be marked completed; it can only be marked preparing or cancelled.'],
    ['preparing', 'preparing', 'This order is already preparing.'],
    ['ready', 'cancelled', 'A ready order can no longer be cancelled: the food is made. Complete it once it is handed over.'],
    ['completed', 'cancelled', 'This order is completed, so its status cannot change any more.'],
    ['cancelled', 'preparing', 'This order is cancelled, so its status cannot change any more.'],
  ])('refuses %s → %s with 409 and changes nothing', async (from, to, message) => {
    const id = await insertOrder({ status: from });
    const res = await patch(id, { status: to });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(message);
    const doc = await stored(id);
    expect(doc.status).toBe(from);
    expect(doc.statusHistory).toEqual([{ status: 'pending', at: doc.data }]);
  });

  it.each<[string, unknown, number, string]>([
    ['moving back to pending', { status: 'pending' }, 400, 'status: status must be one of preparing, ready, completed, cancelled'],
    ['an unknown status', { status: 'shipped' }, 400, 'status: status must be one of preparing, ready, completed, cancelled'],
    ['no status', {}, 400, 'status: status must be one of preparing, ready, completed, cancelled'],
    ['an unknown seen status', { status: 'ready', from: 'lost' }, 400, 'from: status must be one of pending, preparing, ready, completed, cancelled'],
  ])('refuses %s with a 400', async (_name, body, status, message) => {
    const res = await patch(await insertOrder(), body);
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toBe(message);
  });

  it('answers 404 for a malformed id, an unknown one, and an unpaid intent', async () => {
    for (const id of ['not-an-id', new ObjectId().toHexString(), await insertOpenIntent()]) {
      const res = await patch(id, { status: 'preparing' });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('No order has this id.');
    }
  });

  it('of two changes from pending at once, exactly one wins and the other is told (409)', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await insertOrder();
      const answers = await Promise.all([patch(id, { status: 'preparing', from: 'pending' }), patch(id, { status: 'cancelled', from: 'pending' })]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const doc = await stored(id);
      const loser = answers.find((res) => res.status === 409)!;
      expect(await errorOf(loser)).toBe(`This order was just marked ${doc.status} by someone else.`);
      expect(doc.statusHistory.map((h) => h.status)).toEqual(['pending', doc.status]);
    }
  });

  it('a change decided on a status that has moved on is refused, even when it would be allowed now', async () => {
    const id = await insertOrder({ status: 'preparing' });
    const res = await patch(id, { status: 'cancelled', from: 'pending' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This order was just marked preparing by someone else.');
    expect((await stored(id)).status).toBe('preparing');
  });

  it('without `from`, two identical changes at once still apply once', async () => {
    const id = await insertOrder();
    const answers = await Promise.all([patch(id, { status: 'preparing' }), patch(id, { status: 'preparing' })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await stored(id)).statusHistory).toHaveLength(2);
  });
});

describe('GET /api/stats', () => {
  it('answers the figures as JSON: a cancelled order stays sold until its money is given back', async () => {
    const before = (await (await getStats(request('GET', '/api/stats', { headers: who.admin }), undefined)).json()) as AdminStats;
    await insertOrder({ price: 33.25, status: 'completed' });
    await insertOrder({ price: 33.25, status: 'cancelled' });
    const after = (await (await getStats(request('GET', '/api/stats', { headers: who.admin }), undefined)).json()) as AdminStats;
    expect(after.orders - before.orders).toBe(2);
    expect(after.cancelled - before.cancelled).toBe(1);
    // Nothing was refunded here: the refund that goes with a cancellation takes the money out (tests/reports).
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(6650);
    expect(Math.round((after.net - before.net) * 100)).toBe(6650);
    expect(after.refunds - before.refunds).toBe(0);
    const sales = (stats: AdminStats, category: string) => stats.categories.find((c) => c.category === category);
    // Two orders of Order Soup × 2 (9.50) and Order Pizza × 1 (14.25).
    expect((sales(after, 'soup')?.quantity ?? 0) - (sales(before, 'soup')?.quantity ?? 0)).toBe(4);
    expect(Math.round(((sales(after, 'soup')?.revenue ?? 0) - (sales(before, 'soup')?.revenue ?? 0)) * 100)).toBe(3800);
    expect(Math.round(((sales(after, 'pizza')?.revenue ?? 0) - (sales(before, 'pizza')?.revenue ?? 0)) * 100)).toBe(2850);
  });
});
