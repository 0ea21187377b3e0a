/**
 * The migrations of payments, orders and cart lines, each from a fixture of the shape it converts.
 * Part of the data-layer suite: `npm run test:db` runs it on a real MongoDB as well.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollections, type AppDb } from '@/lib/db';
import { listCart } from '@/lib/cart/cart';
import { checkoutIntents } from '@/lib/db/migrations/020-checkout-intents';
import { cartLineFields } from '@/lib/db/migrations/021-cart-line-fields';
import { orderLines } from '@/lib/db/migrations/022-order-lines';
import { orderMoney } from '@/lib/db/migrations/023-order-money';
import { orderHistory } from '@/lib/db/migrations/024-order-history';
import { getOrder } from '@/lib/orders/orders';
import { insertIntentInPayments, legacyCollection } from '../support/legacy';
import { orderDoc } from '../support/order-doc';
import { pricedMenuItems, seedItem, setMenuPrice } from '../support/menu';
import { makeAdmin, makeDiner, viewerOf } from '../support/people';
import { addLines, checkout, historyOf, payDemo } from '../payments/support';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';

let db: AppDb;
let c: AppCollections;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  db = await getDb();
  c = await collections();
});

describe(`020-checkout-intents (${backend})`, () => {
  beforeEach(async () => {
    await Promise.all([c.payments.deleteMany({}), c.checkout_intents.deleteMany({})]);
  });

  const opened = new Date('2026-03-01T12:00:00Z');
  const intent = (transactionId: string) => ({
    ownerUid: 'uid-old',
    email: 'old@bistro.test',
    name: 'Old Diner',
    price: 12.1,
    transactionId,
    data: opened,
    cartIds: ['a'],
    menuItemIds: ['m'],
    lines: [{ menuId: 'm', name: 'Soup', category: 'soup' as const, options: [], quantity: 1, unitCents: 1100, lineCents: 1100 }],
    subtotalCents: 1100,
    tipCents: 110,
    tipPercent: 10,
    fulfilment: { kind: 'table' as const, table: 3 },
  });

  it('moves every unpaid intent to checkout_intents with its id and fields, opened when it was made, and leaves the orders', async () => {
    const open = await insertIntentInPayments(db, intent('tx-open'));
    const voided = await insertIntentInPayments(db, { ...intent('tx-voided'), voided: 'The 12:00 pickup slot is full.' });
    const order = await c.payments.insertOne(orderDoc({ ownerUid: 'uid-paid', email: 'paid@bistro.test', price: 9, transactionId: 'tx-paid', data: opened }));

    await checkoutIntents.up(db);
    const { data: _, ...rest } = intent('tx-open');
    expect(await c.checkout_intents.findOne({ _id: open })).toEqual({ _id: open, ...rest, createdAt: opened, status: 'open' });
    expect(await c.checkout_intents.findOne({ _id: voided })).toMatchObject({ transactionId: 'tx-voided', status: 'open', voided: 'The 12:00 pickup slot is full.' });
    expect((await c.payments.find({}).toArray()).map((doc) => doc._id)).toEqual([order.insertedId]);

    // Again, it changes nothing.
    const after = await c.checkout_intents.find({}, { sort: { _id: 1 } }).toArray();
    await checkoutIntents.up(db);
    expect(await c.checkout_intents.find({}, { sort: { _id: 1 } }).toArray()).toEqual(after);
    expect(await c.payments.countDocuments({})).toBe(1);
  });

  it('finishes a run cut short after the copy: the intent leaves payments, once', async () => {
    const id = await insertIntentInPayments(db, intent('tx-half'));
    const { data: _, ...rest } = intent('tx-half');
    await c.checkout_intents.insertOne({ ...rest, _id: id, createdAt: opened, status: 'open' });
    await checkoutIntents.up(db);
    expect(await c.payments.countDocuments({})).toBe(0);
    expect(await c.checkout_intents.countDocuments({ transactionId: 'tx-half' })).toBe(1);
  });

  it('an intent opened before the move is paid after it like any other', async () => {
    const { soup } = await pricedMenuItems();
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const { transactionId } = (await checkout(diner)).body;
    // Put back where the previous version kept it.
    const { _id, createdAt, status: _, ...fields } = (await c.checkout_intents.findOne({ transactionId }))!;
    await c.checkout_intents.deleteOne({ _id });
    await insertIntentInPayments(db, { _id, ...fields, data: createdAt });

    await checkoutIntents.up(db);
    expect(await payDemo(diner, transactionId)).toMatchObject({ status: 200 });
    expect(await historyOf(diner)).toMatchObject([{ _id: _id.toHexString(), transactionId, status: 'pending', number: expect.any(Number) }]);
    expect(await c.checkout_intents.findOne({ _id })).toMatchObject({ status: 'paid' });
  });
});

/** Runs a migration twice: what the second run finds to do is nothing. */
async function twice(up: (db: AppDb) => Promise<void>, read: () => Promise<unknown>): Promise<void> {
  await up(db);
  const once = await read();
  await up(db);
  expect(await read()).toEqual(once);
}

describe(`021-cart-line-fields (${backend})`, () => {
  it('gives lines from before options a quantity, no choices, cents and their dish, held to the price they were added at', async () => {
    const diner = await viewerOf(await makeDiner());
    const [same, repriced, gone] = [await seedItem({ name: 'Kept Soup', price: 5 }), await seedItem({ name: 'Dearer Soup', price: 6 }), new ObjectId().toHexString()];
    const line = (menuId: string, name: string, price: number) => ({ menuId, ownerUid: diner.uid, email: diner.email, name, image: '/x.svg', price });
    for (const [menuId, name, price] of [[same, 'Kept Soup', 5], [repriced, 'Dearer Soup', 5.5], [gone, 'Gone Soup', 4]] as const) {
      await legacyCollection(db, 'carts').insertOne(line(menuId, name, price));
    }
    const [current] = await addLines(await makeDiner(), [same]);
    const currentBefore = await c.carts.findOne({ _id: new ObjectId(current) });

    await twice(cartLineFields.up, () => c.carts.find({}, { sort: { _id: 1 } }).toArray());
    expect(await c.carts.find({ ownerUid: diner.uid }, { sort: { _id: 1 } }).toArray()).toEqual(
      [5, 5.5, 4].map((price) => expect.objectContaining({ quantity: 1, options: [], unitCents: price * 100, itemKey: expect.any(String) })),
    );
    // As before: the dish at its price is fine, the one whose price moved on is changed, the gone one is removed.
    const cart = await listCart(diner);
    expect(cart.map((item) => [item.name, item.lineCents, item.attention?.reason])).toEqual([
      ['Kept Soup', 500, undefined],
      ['Dearer Soup', 550, 'changed'],
      ['Gone Soup', 400, 'removed'],
    ]);
    // The line that fits is held to its dish from now on, like any line.
    await setMenuPrice(same, 5.25);
    expect((await listCart(diner))[0]!.attention?.reason).toBe('changed');
    // A line added since is left as it was.
    expect(await c.carts.findOne({ _id: new ObjectId(current) })).toEqual(currentBefore);
  });
});

describe(`022-order-lines (${backend})`, () => {
  it('gives orders from before lines their dishes from the menu, counted, and leaves the statistics as they were', async () => {
    await Promise.all([c.payments.deleteMany({}), c.checkout_intents.deleteMany({})]);
    const soup = await seedItem({ name: 'Lined Soup', category: 'soup', price: 7.5 });
    const pizza = await seedItem({ name: 'Lined Pizza', category: 'pizza', price: 12 });
    const gone = new ObjectId().toHexString();
    const diner = await makeDiner();
    const old = { ownerUid: diner.uid, email: diner.email, cartIds: [], data: new Date('2024-01-02T12:00:00Z'), status: 'completed' };
    const { insertedId } = await legacyCollection(db, 'payments').insertOne({ ...old, price: 27, transactionId: 'tx-old-lines', menuItemIds: [soup, pizza, soup, gone], subtotalCents: 2700, tipCents: 0 });
    const kept = await c.payments.insertOne(orderDoc({ transactionId: 'tx-kept', menuItemIds: [soup], lines: [{ menuId: soup, name: 'As bought', category: 'soup', options: [], quantity: 1, unitCents: 700, lineCents: 700 }] }));
    const { data: _, status: __, ...intent } = { ...old, transactionId: 'tx-old-intent', price: 7.5, menuItemIds: [soup], subtotalCents: 750, tipCents: 0 };
    await legacyCollection(db, 'checkout_intents').insertOne({ ...intent, createdAt: old.data, status: 'open' });

    await twice(orderLines.up, () => c.payments.find({}, { sort: { _id: 1 } }).toArray());
    expect((await c.payments.findOne({ _id: insertedId as ObjectId }))?.lines).toEqual([
      { menuId: soup, name: 'Lined Soup', category: 'soup', options: [], quantity: 2, unitCents: 750, lineCents: 1500 },
      { menuId: pizza, name: 'Lined Pizza', category: 'pizza', options: [], quantity: 1, unitCents: 1200, lineCents: 1200 },
      { menuId: gone, name: 'Dish no longer on the menu', options: [], quantity: 1, unitCents: 0, lineCents: 0 },
    ]);
    expect((await c.payments.findOne({ _id: kept.insertedId }))?.lines[0]?.name).toBe('As bought');
    expect((await c.checkout_intents.findOne({ transactionId: 'tx-old-intent' }))?.lines).toEqual([
      { menuId: soup, name: 'Lined Soup', category: 'soup', options: [], quantity: 1, unitCents: 750, lineCents: 750 },
    ]);
  });
});

describe(`023-order-money (${backend})`, () => {
  it('gives orders from before tips their subtotal (the whole price) and a tip of nothing', async () => {
    const diner = await makeDiner();
    const old = { ownerUid: diner.uid, email: diner.email, cartIds: [], menuItemIds: [], lines: [], data: new Date('2024-01-03T12:00:00Z'), status: 'pending' };
    await legacyCollection(db, 'payments').insertOne({ ...old, price: 19.9, transactionId: 'tx-old-money' });
    await c.payments.insertOne(orderDoc({ ownerUid: diner.uid, email: diner.email, price: 11, subtotalCents: 1000, tipCents: 100, tipPercent: 10, transactionId: 'tx-tipped' }));

    await twice(orderMoney.up, () => c.payments.find({ ownerUid: diner.uid }, { sort: { _id: 1 } }).toArray());
    expect(await c.payments.findOne({ transactionId: 'tx-old-money' })).toMatchObject({ subtotalCents: 1990, tipCents: 0 });
    expect((await historyOf(diner)).map(({ price, subtotal, tip, tipPercent }) => ({ price, subtotal, tip, tipPercent }))).toEqual([
      { price: 11, subtotal: 10, tip: 1, tipPercent: 10 },
      { price: 19.9, subtotal: 19.9, tip: 0, tipPercent: undefined },
    ]);
  });
});

describe(`024-order-history (${backend})`, () => {
  it('starts every history with pending at payment and stamps when each order last changed', async () => {
    const admin = await viewerOf(await makeAdmin());
    const paid = new Date('2024-01-04T12:00:00Z');
    const [preparing, ready] = [new Date('2024-01-04T12:05:00Z'), new Date('2024-01-04T12:20:00Z')];
    const old = { email: 'h@bistro.test', price: 5, cartIds: [], menuItemIds: [], lines: [], subtotalCents: 500, tipCents: 0, data: paid };
    const never = await legacyCollection(db, 'payments').insertOne({ ...old, transactionId: 'tx-never-moved', status: 'pending' });
    const moved = await legacyCollection(db, 'payments').insertOne({ ...old, transactionId: 'tx-moved', status: 'ready', statusHistory: [{ status: 'preparing', at: preparing }, { status: 'ready', at: ready }] });
    const stamped = await c.payments.insertOne(orderDoc({ ...old, transactionId: 'tx-stamped', status: 'preparing', statusHistory: [{ status: 'pending', at: paid }, { status: 'preparing', at: preparing }], updatedAt: ready }));

    await twice(orderHistory.up, () => c.payments.find({}, { sort: { _id: 1 } }).toArray());
    const order = (id: ObjectId) => getOrder(admin, id.toHexString());
    expect(await order(never.insertedId)).toMatchObject({ history: [{ status: 'pending', at: paid.toISOString() }], updatedAt: paid.toISOString() });
    expect(await order(moved.insertedId)).toMatchObject({
      history: [
        { status: 'pending', at: paid.toISOString() },
        { status: 'preparing', at: preparing.toISOString() },
        { status: 'ready', at: ready.toISOString() },
      ],
      updatedAt: ready.toISOString(),
    });
    expect((await c.payments.findOne({ _id: stamped.insertedId }))?.updatedAt).toEqual(ready);
  });
});
