/**
 * The migrations of payments, orders and cart lines, each from a fixture of the shape it converts.
 * Part of the data-layer suite: `npm run test:db` runs it on a real MongoDB as well.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollections, type AppDb } from '@/lib/db';
import { checkoutIntents } from '@/lib/db/migrations/020-checkout-intents';
import { insertIntentInPayments } from '../support/legacy';
import { pricedMenuItems } from '../support/menu';
import { makeDiner } from '../support/people';
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
    const order = await c.payments.insertOne({ ownerUid: 'uid-paid', email: 'paid@bistro.test', price: 9, transactionId: 'tx-paid', data: opened, cartIds: [], menuItemIds: [], status: 'pending' });

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
