/**
 * The migrations of promo codes' uses, checkouts and table codes (029 to 031), each from a
 * fixture of the shape it converts, run twice to show a run cut short finishes cleanly.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { collections, getDb, type AppCollections, type AppDb } from '@/lib/db';
import { promoUses } from '@/lib/db/migrations/033-promo-uses';
import { checkoutReconcile } from '@/lib/db/migrations/034-checkout-reconcile';
import { tableCodePeriod } from '@/lib/db/migrations/035-table-code-period';
import { legacyCollection } from '../support/legacy';
import { orderDoc } from '../support/order-doc';

const backend = process.env.MONGODB_URI ? 'mongodb' : 'embedded';
const DAY = 24 * 60 * 60 * 1000;

let db: AppDb;
let c: AppCollections;
beforeAll(async () => {
  db = await getDb();
  c = await collections();
});

describe(`033-promo-uses (${backend})`, () => {
  it("moves a code's uses out of its document, numbered as taken and counted per person by their order's email", async () => {
    const at = new Date('2026-04-01T12:00:00Z');
    const { insertedId } = await legacyCollection(db, 'promos').insertOne({
      code: 'SPRING',
      codeKey: 'spring',
      kind: 'percent',
      percent: 10,
      minSubtotalCents: 0,
      categories: [],
      menuIds: [],
      active: true,
      createdAt: at,
      updatedAt: at,
      updatedBy: { uid: 'a', email: 'a@bistro.test' },
      uses: 3,
      redemptions: [
        { transactionId: 'tx-1', uid: 'uid-dana', at },
        { transactionId: 'tx-2', uid: 'uid-omar', at },
        { transactionId: 'tx-3', uid: 'uid-guest', at },
      ],
    });
    await c.payments.insertOne(orderDoc({ ownerUid: 'uid-dana', email: 'Dana+spring@bistro.test', price: 9, transactionId: 'tx-1' }));
    await c.payments.insertOne(orderDoc({ ownerUid: 'uid-omar', email: 'omar@bistro.test', price: 9, transactionId: 'tx-2' }));
    await c.payments.insertOne(orderDoc({ ownerUid: 'uid-guest', email: 'dana@bistro.test', price: 9, transactionId: 'tx-3' }));

    await promoUses.up(db);
    await promoUses.up(db);
    const promoId = (insertedId as ObjectId).toHexString();
    const uses = await c.promoUses.find({ promoId }).sort({ n: 1 }).toArray();
    expect(uses.map(({ transactionId, ownerUid, email, n, emailN }) => ({ transactionId, ownerUid, email, n, emailN }))).toEqual([
      { transactionId: 'tx-1', ownerUid: 'uid-dana', email: 'dana@bistro.test', n: 1, emailN: 1 },
      { transactionId: 'tx-2', ownerUid: 'uid-omar', email: 'omar@bistro.test', n: 2, emailN: 1 },
      // A guest who gave Dana's address is Dana, for the code's per-person limit.
      { transactionId: 'tx-3', ownerUid: 'uid-guest', email: 'dana@bistro.test', n: 3, emailN: 2 },
    ]);
    const promo = await legacyCollection(db, 'promos').findOne({ _id: insertedId });
    expect(promo).not.toHaveProperty('redemptions');
    expect(promo).not.toHaveProperty('uses');
  });
});

describe(`034-checkout-reconcile (${backend})`, () => {
  it('schedules open checkouts, gives finished ones their retention, settles their line claims, and gives demo checkouts their account', async () => {
    const opened = new Date(Date.now() - 2 * DAY);
    const intent = (transactionId: string, fields: Record<string, unknown> = {}) => ({
      ownerUid: 'uid-mig',
      email: 'mig@bistro.test',
      price: 12.5,
      transactionId,
      cartIds: ['line-a'],
      menuItemIds: [],
      lines: [],
      subtotalCents: 1250,
      tipCents: 0,
      createdAt: opened,
      status: 'open',
      ...fields,
    });
    await legacyCollection(db, 'checkout_intents').insertMany([
      intent('demo_pi_open'),
      intent('demo_pi_paid', { status: 'paid', paidAt: opened }),
      intent('pi_voided', { voided: 'The 12:00 pickup slot is full. Your card was not charged.' }),
    ]);
    await c.payments.insertOne(orderDoc({ ownerUid: 'uid-mig', email: 'mig@bistro.test', price: 12.5, transactionId: 'demo_pi_paid', refundedCents: 250 }));
    await c.lineClaims.insertOne({ _id: 'uid-mig', claims: [{ cartId: 'line-a', transactionId: 'demo_pi_paid', at: opened }, { cartId: 'line-b', transactionId: 'demo_pi_open', at: opened }] });

    await checkoutReconcile.up(db);
    await checkoutReconcile.up(db);
    const byId = async (transactionId: string) => (await c.checkout_intents.findOne({ transactionId }))!;
    expect((await byId('demo_pi_open')).reconcileAt).toEqual(new Date(opened.getTime() + 60 * 60 * 1000));
    expect((await byId('demo_pi_paid')).deleteAfter).toEqual(new Date(opened.getTime() + 30 * DAY));
    expect(await byId('pi_voided')).toMatchObject({ voidedAt: opened, deleteAfter: new Date(opened.getTime() + 30 * DAY), reconcileAt: expect.any(Date) });
    expect(await c.demoIntents.find({ _id: { $in: ['demo_pi_open', 'demo_pi_paid'] } }).sort({ _id: 1 }).toArray()).toEqual([
      expect.objectContaining({ _id: 'demo_pi_open', status: 'requires_payment_method', amountCents: 1250 }),
      expect.objectContaining({ _id: 'demo_pi_paid', status: 'succeeded', amountCents: 1250, refundedCents: 250 }),
    ]);
    const claims = (await c.lineClaims.findOne({ _id: 'uid-mig' }))!.claims;
    expect(claims.find((claim) => claim.transactionId === 'demo_pi_paid')?.done).toBeInstanceOf(Date);
    expect(claims.find((claim) => claim.transactionId === 'demo_pi_open')?.done).toBeUndefined();
  });
});

describe(`035-table-code-period (${backend})`, () => {
  it('gives codes printed before a period: the default, from the upgrade', async () => {
    // Stored without the field today's type requires.
    const printedBefore = { key: 'k'.repeat(43), rotatedAt: new Date('2025-01-01T00:00:00Z'), rotatedBy: 'uid-admin' };
    await c.tableKeys.updateOne({ _id: 'tableKey' }, { $set: printedBefore, $unset: { validUntil: '' } }, { upsert: true });
    const before = Date.now();
    await tableCodePeriod.up(db);
    const until = (await c.tableKeys.findOne({ _id: 'tableKey' }, { projection: { validUntil: 1 } }))!;
    expect('validUntil' in until && until.validUntil.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    await tableCodePeriod.up(db);
    expect(await c.tableKeys.findOne({ _id: 'tableKey' }, { projection: { validUntil: 1 } })).toEqual(until);
  });
});
