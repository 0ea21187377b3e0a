/**
 * The history seed (`npm run seed -- --history <N>`): deterministic, plausible, and additive. The
 * `addHistory` cases run on whichever backend the environment selects, like the contract suite.
 */
import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollections } from '@/lib/db';
import { ORDER_CATEGORIES, type OrderCategory } from '@/lib/menu/types';
import { addHistory, DINER_COUNT, DINER_DOMAIN, generateHistory, type HistoryMenuItem } from '@/lib/seed/history';
import { seedMenu } from '@/lib/seed/menu-data';
import { orderDoc } from '../support/order-doc';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';
const now = new Date('2026-06-15T16:00:00');
const menu: HistoryMenuItem[] = seedMenu
  .filter((m) => (ORDER_CATEGORIES as readonly string[]).includes(m.category))
  .map((m, i) => ({ _id: new ObjectId(i.toString(16).padStart(24, '0')), name: m.name, category: m.category as OrderCategory, price: m.price, options: m.options }));

describe('generateHistory', () => {
  it('gives the same orders, ids included, for the same seed; another seed gives others', () => {
    const a = generateHistory(menu, { count: 2000, seed: 7, now });
    const b = generateHistory(menu, { count: 2000, seed: 7, now });
    expect(b).toEqual(a);
    expect(a.orders.map((o) => o._id!.toHexString())).toEqual(b.orders.map((o) => o._id!.toHexString()));
    const other = generateHistory(menu, { count: 2000, seed: 8, now });
    expect(other.orders.map((o) => o._id!.toHexString())).not.toEqual(a.orders.map((o) => o._id!.toHexString()));
  });

  it('spreads plausible orders over the last year, with lunch and dinner peaks', () => {
    const { orders, diners } = generateHistory(menu, { count: 5000, seed: 1, now });
    expect(orders).toHaveLength(5000);
    const yearAgo = now.getTime() - 366 * 86_400_000;
    const dishes = new Map(menu.map((m) => [m._id.toHexString(), m]));
    const cents = (dollars: number) => Math.round(dollars * 100);
    for (const order of orders) {
      expect(order.data.getTime()).toBeGreaterThan(yearAgo);
      expect(order.data.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(order._id!.getTimestamp().getTime()).toBe(Math.floor(order.data.getTime() / 1000) * 1000);
      // Lines as checkout keeps them: each dish with its choices, priced as the menu prices them.
      const lines = order.lines!;
      expect(lines.length).toBeGreaterThan(0);
      expect(order.cartIds).toHaveLength(lines.length);
      for (const line of lines) {
        const dish = dishes.get(line.menuId)!;
        expect(line).toMatchObject({ name: dish.name, category: dish.category });
        const extras = line.options.flatMap(({ group, choices }) => choices.map((c) => dish.options!.find((g) => g.name === group)!.choices.find((x) => x.name === c)!.price));
        expect(line.unitCents).toBe(cents(dish.price) + extras.reduce((sum, p) => sum + cents(p), 0));
        expect(line.lineCents).toBe(line.unitCents * line.quantity);
        for (const group of dish.options ?? []) {
          const chosen = line.options.find((o) => o.group === group.name)?.choices.length ?? 0;
          expect(chosen).toBeGreaterThanOrEqual(group.min);
          expect(chosen).toBeLessThanOrEqual(group.max);
        }
      }
      expect(order.menuItemIds).toEqual(lines.flatMap((l) => Array<string>(l.quantity).fill(l.menuId)));
      // Money as checkout records it: the food, a tip on it (a percentage rounded half up, or an amount up to the food's price).
      expect(order.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.lineCents, 0));
      if (order.tipPercent !== undefined) expect(order.tipCents).toBe(Math.floor((order.subtotalCents! * order.tipPercent + 50) / 100));
      expect(order.tipCents).toBeLessThanOrEqual(order.subtotalCents!);
      expect(order.price).toBe((order.subtotalCents! + order.tipCents!) / 100);
      // Served at a table of the dining room, or picked up at a quarter hour after it was paid.
      const served = order.fulfilment!;
      if (served.kind === 'table') expect(served.table).toBeGreaterThanOrEqual(1);
      else {
        expect(served.time).toMatch(/^\d\d:(00|15|30|45)$/);
        expect(new Date(`${served.date}T${served.time}`).getTime()).toBeGreaterThan(order.data.getTime());
      }
      expect(order.number).toBeUndefined();
      for (const step of order.statusHistory ?? []) expect(step.at.getTime()).toBeGreaterThanOrEqual(order.data.getTime());
      expect(order.statusHistory?.at(-1)?.status ?? 'pending').toBe(order.status);
    }
    expect(new Set(orders.map((o) => o.transactionId)).size).toBe(5000);
    expect([...orders].sort((x, y) => x.data.getTime() - y.data.getTime())).toEqual(orders); // oldest first

    const hour = (h: number) => orders.filter((o) => o.data.getHours() === h).length;
    const lunch = hour(12) + hour(13);
    const dinner = hour(18) + hour(19) + hour(20);
    expect(lunch + dinner).toBeGreaterThan(0.65 * orders.length);
    expect(hour(12)).toBeGreaterThan(3 * hour(16));
    expect(hour(19)).toBeGreaterThan(3 * hour(16));
    expect(orders.every((o) => o.data.getHours() >= 11 && o.data.getHours() <= 22)).toBe(true);

    const statuses = new Map<string, number>();
    for (const o of orders) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    expect(statuses.get('completed')! / orders.length).toBeGreaterThan(0.9);
    expect(statuses.get('cancelled')).toBeGreaterThan(0);

    // Diners make choices: required groups always, optional extras now and then.
    const lines = orders.flatMap((o) => o.lines!);
    const withExtras = lines.filter((l) => l.unitCents > cents(dishes.get(l.menuId)!.price)).length;
    expect(lines.filter((l) => l.options.length).length).toBeGreaterThan(0.2 * lines.length);
    expect(withExtras).toBeGreaterThan(0.05 * lines.length);
    expect(withExtras).toBeLessThan(0.8 * lines.length);

    const share = (test: (o: (typeof orders)[number]) => boolean) => orders.filter(test).length / orders.length;
    expect(share((o) => o.fulfilment?.kind === 'table')).toBeGreaterThan(0.3);
    expect(share((o) => o.fulfilment?.kind === 'pickup')).toBeGreaterThan(0.3);
    expect(share((o) => o.fulfilment?.kind === 'pickup' && o.fulfilment.asap)).toBeGreaterThan(0.1);
    expect(share((o) => o.tipCents! > 0)).toBeGreaterThan(0.5);
    expect(share((o) => o.tipCents === 0)).toBeGreaterThan(0.1);
    expect(share((o) => o.tipCents! > 0 && o.tipPercent === undefined)).toBeGreaterThan(0.02);

    const people = new Set(orders.map((o) => o.email));
    expect(diners).toHaveLength(DINER_COUNT);
    expect(people.size).toBeGreaterThan(200);
    expect([...people].every((e) => e.endsWith(`@${DINER_DOMAIN}`))).toBe(true);
    const perDiner = [...people].map((e) => orders.filter((o) => o.email === e).length).sort((x, y) => y - x);
    expect(perDiner[0]).toBeGreaterThan(5 * perDiner[Math.floor(perDiner.length / 2)]!); // regulars
  });

  it('leaves the orders of the last minutes in the kitchen: pending, preparing or ready by age', () => {
    const evening = new Date('2026-06-13T19:30:00'); // a Saturday at the dinner peak
    const { orders } = generateHistory(menu, { count: 100_000, seed: 3, now: evening });
    const minutesAgo = (o: { data: Date }) => (evening.getTime() - o.data.getTime()) / 60_000;
    const recent = orders.filter((o) => minutesAgo(o) < 45 && o.status !== 'cancelled');
    expect(recent.length).toBeGreaterThan(5);
    for (const order of recent) {
      const expected = minutesAgo(order) < 10 ? 'pending' : minutesAgo(order) < 25 ? 'preparing' : 'ready';
      expect(order.status).toBe(expected);
    }
  });
});

describe(`addHistory (${backend})`, () => {
  let c: AppCollections;
  beforeEach(async () => {
    c = await collections();
    await Promise.all([c.payments.deleteMany({}), c.users.deleteMany({})]);
  });

  it('adds the orders and diners once, and keeps what an admin added', async () => {
    const db = await getDb();
    const special = await c.menu.insertOne({ name: 'Admin Special', recipe: '', image: '/x.svg', category: 'pizza', price: 21, available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 });
    await c.users.insertOne({ uid: 'real-admin', name: 'Real Admin', email: 'admin@bistro.test', role: 'admin' });
    const real = await c.payments.insertOne(
      orderDoc({ ownerUid: 'real-diner', email: 'diner@bistro.test', price: 21, transactionId: 'demo_pi_real', cartIds: ['x'], menuItemIds: [special.insertedId.toHexString()], status: 'preparing' }),
    );

    const first = await addHistory(db, { count: 600, seed: 5 });
    expect(first.orders).toEqual({ inserted: 600, existing: 0 });
    expect(first.diners.inserted).toBeGreaterThan(100);
    const again = await addHistory(db, { count: 600, seed: 5 });
    expect(again.orders).toEqual({ inserted: 0, existing: 600 });
    expect(again.diners.inserted).toBe(0);

    expect(await c.payments.countDocuments()).toBe(601);
    expect(await c.payments.findOne({ _id: real.insertedId })).toMatchObject({ transactionId: 'demo_pi_real', status: 'preparing' });
    expect(await c.users.findOne({ email: 'admin@bistro.test' })).toMatchObject({ role: 'admin' });
    expect(await c.users.countDocuments({ email: { $regex: `@${DINER_DOMAIN.replace(/\./g, '\\.')}$` } })).toBe(first.diners.inserted);
    // Every ordered dish is on the menu, the admin's own dish included once it exists.
    const menuIds = new Set((await c.menu.find({}).toArray()).map((m) => m._id.toHexString()));
    const ordered = await c.payments.find({ transactionId: { $regex: '^history-5-' } }).toArray();
    expect(ordered.every((o) => o.menuItemIds.every((id) => menuIds.has(id)))).toBe(true);
  });
});
