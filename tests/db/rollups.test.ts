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
import type { MenuCategory } from '@/lib/menu/types';
import type { OrderLine } from '@/lib/orders/types';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { countCancellation, countPaidOrder, readPeriod, rebuildRollups, storedTimeZone } from '@/lib/stats/rollups';
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

/** Local noon of a day of June 2024 (the restaurant's calendar is the server's). */
const june = (day: number) => new Date(2024, 5, day, 12);

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
    // 40.00 + 17.20 + 19.90 (the tip left out, the cancelled order too)
    revenueCents: 4000 + 1720 + 1990,
    tipsCents: 400,
    refundsCents: 0,
    discountsCents: 0,
    taxCents: {},
    categories: [
      { category: 'soup', quantity: 4, revenueCents: 2900 + 995 + 995 },
      { category: 'pizza', quantity: 1, revenueCents: 1100 },
      { category: 'dessert', quantity: 1, revenueCents: 725 },
    ],
  };

  it('paying adds an order to its day, cancelling takes its money back out; other dishes and days are untouched', async () => {
    await fixture();
    expect(await readPeriod(db)).toEqual(FIXTURE_FIGURES);
    expect(await readPeriod(db, { from: '2024-06-02', to: '2024-06-02' })).toMatchObject({ orders: 1, cancelled: 1, revenueCents: 0, tipsCents: 0, categories: [] });
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
          counted: [...d.counted].sort(),
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

  it('getAdminStats answers a period in dollars, with the counts of users and dishes', async () => {
    await seedItem({ name: 'Soup A', category: 'soup', price: 14.5 });
    await fixture();
    const admin = await adminOf(await makeAdmin({ email: 'admin@x.test' }));
    expect(await getAdminStats(admin)).toEqual({
      period: 'all',
      revenue: 77.1,
      tips: 4,
      customers: 1,
      menuItems: 1,
      orders: 4,
      cancelled: 1,
      categories: [
        { category: 'soup', quantity: 4, revenue: 48.9 },
        { category: 'pizza', quantity: 1, revenue: 11 },
        { category: 'dessert', quantity: 1, revenue: 7.25 },
      ],
    });
    // The figures of a day and of its month, told by the clock they are read at.
    expect(await getAdminStats(admin, 'today', june(3))).toMatchObject({ period: 'today', orders: 1, revenue: 19.9, categories: [{ category: 'soup', quantity: 1, revenue: 9.95 }] });
    expect(await getAdminStats(admin, 'month', june(2))).toMatchObject({ period: 'month', orders: 3, cancelled: 1, revenue: 57.2 });
    expect(await getAdminStats(admin, 'month', new Date(2024, 6, 1, 9))).toMatchObject({ orders: 0, revenue: 0, categories: [] });
  });

  it('with no orders every figure is zero and there are no categories', async () => {
    const admin = await adminOf(await makeAdmin());
    expect(await getAdminStats(admin)).toEqual({ period: 'all', revenue: 0, tips: 0, customers: 1, menuItems: 0, orders: 0, cancelled: 0, categories: [] });
  });
});
