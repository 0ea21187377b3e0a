/**
 * The daily rollups behind the statistics, on fixed orders checked against figures worked out by
 * hand: what paying and cancelling add and take, each once however often it is applied, the
 * periods, and a rebuild that gives what the live path gave. Part of the data-layer suite, so
 * `npm run test:db` runs it on a real MongoDB as well.
 */
import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollections, type AppDb } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { dailyRollups } from '@/lib/db/migrations/027-daily-rollups';
import { reportRollups } from '@/lib/db/migrations/028-report-rollups';
import type { MenuCategory } from '@/lib/menu/types';
import type { OrderLine } from '@/lib/orders/types';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { countCancellation, countPaidOrder, countRefunds, readPeriod, rebuildRollups, storedTimeZone } from '@/lib/stats/rollups';
import { seedItem } from '../support/menu';
import { adminOf, makeAdmin } from '../support/people';
import { orderDoc } from '../support/order-doc';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';

const line = (category: MenuCategory | undefined, quantity: number, unitCents: number): OrderLine => ({
  menuId: new ObjectId().toHexString(),
  name: `A ${category ?? 'gone'} dish`,
  ...(category ? { category } : {}),
  options: [],
  quantity,
  unitCents,
  lineCents: unitCents * quantity,
});

/** Local noon (or another hour) of a day of June 2024 (the restaurant's calendar is the server's). */
const june = (day: number, hour = 12) => new Date(2024, 5, day, hour);

describe(`daily rollups (${backend})`, () => {
  let c: AppCollections;
  let db: AppDb;
  /** The restaurant's, from its settings: with none saved, this process's, which `june()` reads in. */
  let zone: string;

  beforeEach(async () => {
    c = await collections();
    db = await getDb();
    zone = await storedTimeZone(db);
    await Promise.all([c.menu.deleteMany({}), c.payments.deleteMany({}), c.users.deleteMany({}), c.dailyRollups.deleteMany({})]);
  });

  /** Writes an order and counts it as paying does. */
  async function pay(overrides: Partial<PaymentDoc>) {
    const doc = { ...orderDoc(overrides), _id: new ObjectId() };
    await c.payments.insertOne(doc);
    await countPaidOrder(db, doc, zone);
    return doc;
  }

  /** Cancels an order as Manage orders does: its status, then its day's figures. */
  async function cancel(order: PaymentDoc & { _id: ObjectId }) {
    await c.payments.updateOne({ _id: order._id }, { $set: { status: 'cancelled' } });
    await countCancellation(db, { ...order, status: 'cancelled' }, zone);
  }

  async function fixture() {
    // June 1: 44.00 with a 4.00 tip (soup 2 × 14.50, pizza 1 × 11.00); June 1: 17.20 (soup 1 × 9.95, 9.95 × 100 being 994.999…, and a dessert 7.25).
    const a = await pay({ data: june(1), price: 44, subtotalCents: 4000, tipCents: 400, status: 'completed', lines: [line('soup', 2, 1450), line('pizza', 1, 1100)] });
    const b = await pay({ data: june(1), price: 17.2, subtotalCents: 1720, lines: [line('soup', 1, 995), line('dessert', 1, 725)] });
    // June 2: 15.00 (pizza), cancelled later; June 3: 19.90 (a soup and a dish gone from the menu).
    const c2 = await pay({ data: june(2), price: 15, subtotalCents: 1500, lines: [line('pizza', 1, 1500)] });
    const e = await pay({ data: june(3), price: 19.9, subtotalCents: 1990, status: 'preparing', lines: [line('soup', 1, 995), line(undefined, 1, 995)] });
    await cancel(c2);
    return { a, b, c2, e };
  }

  const FIXTURE_FIGURES = {
    orders: 4,
    cancelled: 1,
    // 40.00 + 17.20 + 15.00 + 19.90: the tip left out; the cancelled order stays, as nothing was refunded
    revenueCents: 4000 + 1720 + 1500 + 1990,
    tipsCents: 400,
    refundsCents: 0,
    discountsCents: 0,
    tax: [],
    categories: [
      { category: 'soup', quantity: 4, revenueCents: 2900 + 995 + 995 },
      { category: 'pizza', quantity: 2, revenueCents: 1100 + 1500 },
      { category: 'dessert', quantity: 1, revenueCents: 725 },
    ],
    // Every line is a dish of its own; the line of a dish gone from the menu too.
    dishes: expect.any(Array),
    // Each paid at noon.
    hours: [{ hour: 12, orders: 4, revenueCents: 9210 }],
    fulfilment: { pickup: { orders: 0, revenueCents: 0 }, table: { orders: 0, revenueCents: 0 } },
  };

  it('paying adds an order to its day, cancelling counts it as cancelled; other dishes and days are untouched', async () => {
    await fixture();
    expect(await readPeriod(db)).toEqual(FIXTURE_FIGURES);
    expect(await readPeriod(db, { from: '2024-06-02', to: '2024-06-02' })).toMatchObject({ orders: 1, cancelled: 1, revenueCents: 1500, tipsCents: 0, categories: [{ category: 'pizza', quantity: 1 }] });
    expect(await readPeriod(db, { from: '2024-06-01', to: '2024-06-01' })).toMatchObject({ orders: 2, revenueCents: 5720, tipsCents: 400 });
  });

  it('counts a payment or a cancellation applied twice (a retried completion) once', async () => {
    const { a, c2 } = await fixture();
    await countPaidOrder(db, a, zone);
    await Promise.all([countPaidOrder(db, a, zone), countPaidOrder(db, a, zone)]);
    await countCancellation(db, { ...c2, status: 'cancelled' }, zone);
    await Promise.all([countCancellation(db, { ...c2, status: 'cancelled' }, zone), countCancellation(db, { ...c2, status: 'cancelled' }, zone)]);
    expect(await readPeriod(db)).toEqual(FIXTURE_FIGURES);
  });

  it('a cancellation of an order never counted changes nothing', async () => {
    await fixture();
    const stray = { ...orderDoc({ data: june(1), price: 99, lines: [line('soup', 5, 1980)] }), _id: new ObjectId() };
    await countCancellation(db, { ...stray, status: 'cancelled' }, zone);
    expect(await readPeriod(db)).toEqual(FIXTURE_FIGURES);
  });

  it('a rebuild from the orders gives the very rollups the live path kept, and so does the migration', async () => {
    await fixture();
    // Each day's figures, and the orders and cancellations it has counted.
    const days = async () =>
      Promise.all(
        (await c.dailyRollups.find({}).sort({ _id: 1 }).toArray()).map(async (d) => ({
          day: d._id,
          figures: await readPeriod(db, { from: d._id, to: d._id }),
          counted: [...(d.counted ?? [])].sort(),
          cancelledIds: [...(d.cancelledIds ?? [])].sort(),
        })),
      );
    const live = await days();
    // A day that no longer has orders goes; a day someone changed by hand is made right.
    await c.dailyRollups.insertOne({ _id: '2020-01-01', orders: 3, cancelled: 0, revenueCents: 1, tipsCents: 0, categories: {}, counted: [], cancelledIds: [] });
    await c.dailyRollups.updateOne({ _id: '2024-06-01' }, { $inc: { revenueCents: 12345 } });
    expect(await rebuildRollups(db)).toEqual({ days: 3, orders: 4 });
    expect(await days()).toEqual(live);
    await c.dailyRollups.deleteMany({});
    await dailyRollups.up(db);
    await dailyRollups.up(db);
    expect(await readPeriod(db)).toEqual(FIXTURE_FIGURES);
  });

  /** A refund of `cents` made at `at`, as the refund path records it, then counted as it counts them. */
  async function refund(order: PaymentDoc & { _id: ObjectId }, cents: number, at: Date, status: 'done' | 'failed' = 'done') {
    const entry = { id: new ObjectId().toHexString(), cents, at, status, ...(status === 'done' ? { doneAt: at } : {}) };
    const written = await c.payments.findOneAndUpdate({ _id: order._id }, { $push: { refunds: entry } }, { returnDocument: 'after' });
    await countRefunds(db, written!, zone);
    return written!;
  }

  /** June 4: a taxed order at a table at 10:00, and a VAT order for pickup at 19:00; refunds on June 5 and 6. */
  async function afterTheSale() {
    const std = { id: 'std', name: 'Sales tax', percent: 8.875, baseCents: 2800, taxCents: 249 };
    const table = await pay({
      data: june(4, 10), price: 32.99, subtotalCents: 2800, tipCents: 250, status: 'completed', fulfilment: { kind: 'table', table: 5 },
      tax: { mode: 'added', lines: [std], cents: 249 }, lines: [line('soup', 2, 1400)],
    });
    const vat = { id: 'vat', name: 'VAT', percent: 20, baseCents: 2000, taxCents: 333 };
    const pickup = await pay({
      data: june(4, 19), price: 20, subtotalCents: 2000, fulfilment: { kind: 'pickup', date: '2024-06-04', time: '19:30', asap: false },
      tax: { mode: 'inclusive', lines: [vat], cents: 333 }, lines: [line('pizza', 1, 2000)],
    });
    // A part refund the next day, told again (a retry, Stripe's webhook); one that failed counts nowhere.
    const refunded = await refund(table, 500, june(5, 9));
    await countRefunds(db, refunded, zone);
    await Promise.all([countRefunds(db, refunded, zone), countRefunds(db, refunded, zone)]);
    await refund(table, 700, june(5, 10), 'failed');
    // The pickup order cancelled on June 6, and all of it given back then.
    await cancel(pickup);
    const cancelled = await refund({ ...pickup, status: 'cancelled' }, 2000, june(6, 11));
    await countCancellation(db, cancelled, zone);
    await countRefunds(db, cancelled, zone);
    return { table, pickup };
  }

  it('a refund counts on the day it is made, once; a cancelled and refunded order leaves the figures once', async () => {
    await afterTheSale();
    const sale = { orders: 2, cancelled: 1, revenueCents: 3049 + 2000, tipsCents: 250, refundsCents: 0 };
    expect(await readPeriod(db, { from: '2024-06-04', to: '2024-06-04' })).toMatchObject({
      ...sale,
      tax: [
        { id: 'vat', name: 'VAT', percent: 20, baseCents: 2000, cents: 333 },
        { id: 'std', name: 'Sales tax', percent: 8.875, baseCents: 2800, cents: 249 },
      ],
      hours: [{ hour: 10, orders: 1, revenueCents: 3049 }, { hour: 19, orders: 1, revenueCents: 2000 }],
      fulfilment: { table: { orders: 1, revenueCents: 3049 }, pickup: { orders: 1, revenueCents: 2000 } },
      categories: [{ category: 'soup', quantity: 2, revenueCents: 2800 }, { category: 'pizza', quantity: 1, revenueCents: 2000 }],
      dishes: [{ name: 'A soup dish', quantity: 2, revenueCents: 2800 }, { name: 'A pizza dish', quantity: 1, revenueCents: 2000 }],
    });
    expect(await readPeriod(db, { from: '2024-06-05', to: '2024-06-05' })).toMatchObject({ orders: 0, revenueCents: 0, refundsCents: 500 });
    expect(await readPeriod(db, { from: '2024-06-06', to: '2024-06-06' })).toMatchObject({ orders: 0, refundsCents: 2000 });
    expect(await readPeriod(db, { from: '2024-06-04', to: '2024-06-06' })).toMatchObject({ ...sale, refundsCents: 2500 });
    const admin = await adminOf(await makeAdmin());
    // 30.49 + 20.00 sold, 2.50 tips, 25.00 given back.
    expect(await getAdminStats(admin, 'month', june(30))).toMatchObject({ revenue: 50.49, tips: 2.5, refunds: 25, net: 27.99 });
  });

  it('a rebuild, and migration 028, give the days the live path kept, refunds, tax, hours and dishes included', async () => {
    await fixture();
    await afterTheSale();
    const days = async () => (await c.dailyRollups.find({}).sort({ _id: 1 }).toArray()).map(({ _id, counted, cancelledIds, refundIds, ...figures }) => ({
      _id, figures, counted: [...(counted ?? [])].sort(), cancelledIds: [...(cancelledIds ?? [])].sort(), refundIds: [...(refundIds ?? [])].sort(),
    }));
    const live = await days();
    expect(live.map((d) => d._id)).toEqual(['2024-06-01', '2024-06-02', '2024-06-03', '2024-06-04', '2024-06-05', '2024-06-06']);
    await c.dailyRollups.updateOne({ _id: '2024-06-05' }, { $inc: { refundsCents: 1 }, $set: { 'hours.3': { orders: 1, revenueCents: 1 } } });
    expect(await rebuildRollups(db)).toEqual({ days: 6, orders: 6 });
    expect(await days()).toEqual(live);
    await c.dailyRollups.deleteMany({});
    await reportRollups.up(db);
    expect(await days()).toEqual(live);
  });

  it('getAdminStats answers a period in dollars, with the counts of users and dishes', async () => {
    await seedItem({ name: 'Soup A', category: 'soup', price: 14.5 });
    await fixture();
    const admin = await adminOf(await makeAdmin({ email: 'admin@x.test' }));
    expect(await getAdminStats(admin)).toEqual({
      period: 'all',
      revenue: 92.1,
      tips: 4,
      refunds: 0,
      net: 96.1,
      customers: 1,
      menuItems: 1,
      orders: 4,
      cancelled: 1,
      categories: [
        { category: 'soup', quantity: 4, revenue: 48.9 },
        { category: 'pizza', quantity: 2, revenue: 26 },
        { category: 'dessert', quantity: 1, revenue: 7.25 },
      ],
    });
    // The figures of a day and of its month, told by the clock they are read at.
    expect(await getAdminStats(admin, 'today', june(3))).toMatchObject({ period: 'today', orders: 1, revenue: 19.9, categories: [{ category: 'soup', quantity: 1, revenue: 9.95 }] });
    expect(await getAdminStats(admin, 'month', june(2))).toMatchObject({ period: 'month', orders: 3, cancelled: 1, revenue: 72.2 });
    expect(await getAdminStats(admin, 'month', new Date(2024, 6, 1, 9))).toMatchObject({ orders: 0, revenue: 0, categories: [] });
  });

  it('with no orders every figure is zero and there are no categories', async () => {
    const admin = await adminOf(await makeAdmin());
    expect(await getAdminStats(admin)).toEqual({ period: 'all', revenue: 0, tips: 0, refunds: 0, net: 0, customers: 1, menuItems: 0, orders: 0, cancelled: 0, categories: [] });
  });
});
