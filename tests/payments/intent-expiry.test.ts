/**
 * Checkouts cannot pile up, and their expiry is background work (Stripe mode, against the local
 * fake of its API): a cart has one open intent, a new one replacing it; an intent not paid within
 * its hour is cancelled at Stripe by the reconciler, never by somebody else's Pay; and a checkout's
 * record is deleted once its retention (30 days, docs/payments.md) has passed.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collections } from '@/lib/db';
import { INTENT_RETENTION_MS } from '@/lib/payments/intents';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, type Person } from '../support/people';
import { addLines, checkout, historyOf, withFakeStripe, save } from './support';

const fake = withFakeStripe();

let soup: string;
let diner: Person;
beforeAll(async () => {
  ({ soup } = await pricedMenuItems());
});
beforeEach(async () => {
  diner = await makeDiner();
});

const HOUR = 60 * 60 * 1000;
const openOf = async (who: Person) => (await collections()).checkout_intents.countDocuments({ ownerUid: who.uid, status: 'open', voided: { $exists: false } });
const cancels = () => fake().requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')).length;

describe('one open intent per cart', () => {
  it('thirty Pays with thirty tips leave one open intent: each new one replaces the last', async () => {
    await addLines(diner, [soup]);
    const intents = [];
    for (let tip = 0; tip < 30; tip++) intents.push((await checkout(diner, 0.01, { tip: { custom: tip / 100 } })).body);
    expect(new Set(intents.map((i) => i.transactionId)).size).toBe(30);
    expect(await openOf(diner)).toBe(1);
    // The replaced ones are cancelled at Stripe by the reconciler, not by the diner's requests.
    const before = cancels();
    expect(await reconcilePayments(new Date())).toMatchObject({ checked: 29, failed: 0 });
    expect(cancels() - before).toBe(29);
    expect(intents.slice(0, -1).every((i) => fake().intents.get(i.transactionId)!.status === 'canceled')).toBe(true);
    // The last one pays.
    const last = intents.at(-1)!;
    fake().confirm(last.transactionId);
    expect((await save(diner, last)).status).toBe(200);
  });
});

describe('expiry is background work', () => {
  it('an hour later, a real checkout cancels nothing at Stripe; the reconciler expires the stale intents', async () => {
    const idle = await makeDiner();
    await addLines(idle, [soup]);
    const stale = (await checkout(idle)).body;
    await (await collections()).checkout_intents.updateOne({ transactionId: stale.transactionId }, { $set: { createdAt: new Date(Date.now() - 2 * HOUR), reconcileAt: new Date(Date.now() - HOUR) } });

    await addLines(diner, [soup]);
    const before = cancels();
    const intent = (await checkout(diner)).body;
    expect(intent.transactionId).toBeDefined();
    expect(cancels() - before).toBe(0);
    expect(fake().intents.get(stale.transactionId)!.status).toBe('requires_payment_method');

    await reconcilePayments(new Date());
    expect(fake().intents.get(stale.transactionId)!.status).toBe('canceled');
    expect(await (await collections()).checkout_intents.findOne({ transactionId: stale.transactionId })).toMatchObject({ voided: expect.stringMatching(/^This checkout was open for more than an hour/) });
  });

  it('records are deleted after their retention: expired and paid checkouts alike, with their line claims', async () => {
    await addLines(diner, [soup]);
    const paid = (await checkout(diner)).body;
    fake().confirm(paid.transactionId);
    expect((await save(diner, paid)).status).toBe(200);
    await addLines(diner, [soup]);
    const replaced = (await checkout(diner)).body;
    await checkout(diner, 0.01, { tip: { percent: 10 } });
    await reconcilePayments(new Date());
    const { checkout_intents, lineClaims } = await collections();
    expect(await checkout_intents.countDocuments({ transactionId: { $in: [paid.transactionId, replaced.transactionId] } })).toBe(2);

    // Kept through the retention period, then gone; the order stays, as every order does.
    await reconcilePayments(new Date(Date.now() + INTENT_RETENTION_MS - HOUR));
    expect(await checkout_intents.countDocuments({ transactionId: { $in: [paid.transactionId, replaced.transactionId] } })).toBe(2);
    await reconcilePayments(new Date(Date.now() + INTENT_RETENTION_MS + HOUR));
    expect(await checkout_intents.countDocuments({ transactionId: { $in: [paid.transactionId, replaced.transactionId] } })).toBe(0);
    expect(((await lineClaims.findOne({ _id: diner.uid }))?.claims ?? []).filter((c) => c.transactionId === paid.transactionId && !c.done)).toEqual([]);
    expect(await historyOf(diner)).toMatchObject([{ transactionId: paid.transactionId }]);
  });
});
