/**
 * The admin statistics pipelines on fixed data, checked against figures worked out by hand. Part
 * of the data-layer suite, so `npm run test:db` runs it on a real MongoDB as well.
 */
import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { collections, type AppCollection, type AppCollections } from '@/lib/db';
import type { MenuItemDoc, PaymentDoc } from '@/lib/db/documents';
import type { MenuCategory } from '@/lib/menu/types';
import type { OrderLine } from '@/lib/orders/types';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { categorySalesPipeline, orderTotalsPipeline } from '@/lib/stats/pipelines';
import { adminOf, makeAdmin } from '../support/people';
import { orderDoc } from '../support/order-doc';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';

const dish = (name: string, category: MenuItemDoc['category'], price: number): MenuItemDoc => ({
  name,
  category,
  price,
  recipe: `${name} recipe`,
  image: '/images/menu/soup.svg',
  available: true,
  allergens: [],
  dietary: [],
  options: [],
  kitchenLoad: 1,
});

describe(`admin statistics pipelines (${backend})`, () => {
  let c: AppCollections;

  beforeEach(async () => {
    c = await collections();
    await Promise.all([c.menu.deleteMany({}), c.payments.deleteMany({}), c.users.deleteMany({})]);
  });

  async function fixture() {
    const { insertedIds } = await c.menu.insertMany([
      dish('Soup A', 'soup', 14.5),
      dish('Soup B', 'soup', 9.95), // 9.95 × 100 is 994.999… in floating point: rounds to 995 cents
      dish('Pizza C', 'pizza', 15),
      dish('Cake D', 'dessert', 7.25),
      dish('Salad E', 'salad', 10.1), // never sold
    ]);
    const [soupA, soupB, pizzaC, cakeD] = Object.values(insertedIds).map((id) => id.toHexString());
    const deleted = new ObjectId().toHexString(); // a dish removed from the menu since
    let n = 0;
    // Payments as stored before they kept their lines and their money in cents, which the pipelines still read.
    const pay = (email: string, status: PaymentDoc['status'], price: number, menuItemIds: string[]) => ({
      ownerUid: email,
      email,
      status,
      price,
      menuItemIds,
      transactionId: `tx-${++n}`,
      data: new Date(`2024-06-0${n}T12:00:00Z`),
      cartIds: [],
    });
    const before = c.payments as unknown as AppCollection<ReturnType<typeof pay>>;
    await before.insertMany([
      pay('a@x.test', 'completed', 44, [soupA!, soupA!, pizzaC!]),
      pay('b@x.test', 'pending', 17.2, [soupB!, cakeD!]),
      pay('c@x.test', 'cancelled', 15, [pizzaC!]),
      pay('e@x.test', 'preparing', 19.9, [soupB!, deleted]),
    ]);
    await c.users.insertMany(['a@x.test', 'b@x.test'].map((email) => ({ uid: email, name: email, email })));
    // The third user is the admin who asks for the figures.
    return adminOf(await makeAdmin({ email: 'admin@x.test' }));
  }

  it('order totals: every paid order counts, revenue leaves out the cancelled one', async () => {
    await fixture();
    // Orders: a, b, c, e. Revenue: 44.00 + 17.20 + 19.90 = 81.10 (c is cancelled).
    expect(await c.payments.aggregate(orderTotalsPipeline).toArray()).toEqual([{ orders: 4, revenueCents: 8110, tipsCents: 0 }]);
  });

  it('sales per category: string ids joined to the menu, at menu prices, cancelled and deleted dishes left out', async () => {
    await fixture();
    // soup:    Soup A × 2 (order a) + Soup B × 2 (orders b, e) = 29.00 + 19.90 = 48.90
    // pizza:   Pizza C × 1 (order a; order c is cancelled)     = 15.00
    // dessert: Cake D × 1 (order b)                            = 7.25
    expect(await c.payments.aggregate(categorySalesPipeline).toArray()).toEqual([
      { category: 'soup', quantity: 4, revenueCents: 4890 },
      { category: 'pizza', quantity: 1, revenueCents: 1500 },
      { category: 'dessert', quantity: 1, revenueCents: 725 },
    ]);
  });

  it('getAdminStats answers the figures in dollars, with the counts of users and dishes', async () => {
    const admin = await fixture();
    expect(await getAdminStats(admin)).toEqual({
      revenue: 81.1,
      tips: 0,
      customers: 3,
      menuItems: 5,
      orders: 4,
      categories: [
        { category: 'soup', quantity: 4, revenue: 48.9 },
        { category: 'pizza', quantity: 1, revenue: 15 },
        { category: 'dessert', quantity: 1, revenue: 7.25 },
      ],
    });
  });

  it('orders that keep their lines count each quantity, with its option extras, as bought; older orders as before', async () => {
    await fixture();
    const line = (menuId: string, category: MenuCategory, quantity: number, unitCents: number): OrderLine => ({
      menuId,
      name: `Dish ${menuId.slice(-4)}`,
      category,
      options: [],
      quantity,
      unitCents,
      lineCents: unitCents * quantity,
    });
    // A dish that has since left the menu, and one whose menu price has changed: lines do not care.
    const gone = new ObjectId().toHexString();
    const pizza = (await c.menu.findOne({ name: 'Pizza C' }))!._id.toHexString();
    await c.menu.updateOne({ name: 'Pizza C' }, { $set: { price: 99 } });
    await c.payments.insertMany([
      orderDoc({
        ownerUid: 'f@x.test',
        email: 'f@x.test',
        status: 'completed',
        price: 73.1,
        transactionId: 'tx-lines-1',
        data: new Date('2024-06-09T12:00:00Z'),
        cartIds: ['a', 'b'],
        menuItemIds: [pizza, pizza, pizza, gone],
        // 3 Large pizzas with two toppings at 18.20, and a drink whose dish is gone: 54.60 + 18.50
        lines: [line(pizza, 'pizza', 3, 1820), { ...line(gone, 'drinks', 1, 1850), options: [{ group: 'Size', choices: ['Large'] }] }],
      }),
      orderDoc({
        ownerUid: 'g@x.test',
        email: 'g@x.test',
        status: 'cancelled',
        price: 18.2,
        transactionId: 'tx-lines-2',
        data: new Date('2024-06-10T12:00:00Z'),
        cartIds: ['c'],
        menuItemIds: [pizza],
        lines: [line(pizza, 'pizza', 1, 1820)],
      }),
    ]);
    // Before: soup 4 / 48.90, pizza 1 / 15.00 (order a, now at the new menu price 99), dessert 1 / 7.25.
    expect(await c.payments.aggregate(categorySalesPipeline).toArray()).toEqual([
      { category: 'pizza', quantity: 4, revenueCents: 9900 + 5460 },
      { category: 'soup', quantity: 4, revenueCents: 4890 },
      { category: 'drinks', quantity: 1, revenueCents: 1850 },
      { category: 'dessert', quantity: 1, revenueCents: 725 },
    ]);
    expect(await c.payments.aggregate(orderTotalsPipeline).toArray()).toEqual([{ orders: 6, revenueCents: 8110 + 7310, tipsCents: 0 }]);
  });

  it('with no orders every figure is zero and there are no categories', async () => {
    await c.menu.insertOne(dish('Soup A', 'soup', 14.5));
    const admin = await adminOf(await makeAdmin());
    // The one customer is the admin asking.
    expect(await getAdminStats(admin)).toEqual({ revenue: 0, tips: 0, customers: 1, menuItems: 1, orders: 0, categories: [] });
  });
});
