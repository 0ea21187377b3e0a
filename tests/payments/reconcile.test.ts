/**
 * The reconciler (lib/payments/reconcile.ts), in Stripe mode against the local fake of its API:
 * a payment the provider took is completed, or refunded with a record and a reason, with or
 * without the webhook, from the background (the cron route here; a timer on a server); what it
 * cannot finish shows on the admin home until it does.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as cronRoute } from '@/app/api/cron/payments/route';
import { collections } from '@/lib/db';
import { paymentsToReconcile, reconcilePayments } from '@/lib/payments/reconcile';
import { STRIPE_EVENTS } from '@/lib/payments/providers/stripe/webhook';
import { call } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, type Person } from '../support/people';
import { addLines, checkout, historyOf, save, withFakeStripe } from './support';

const fake = withFakeStripe();

const CRON = 'cron-secret-for-tests-0123456789';
let soup: string;
let diner: Person;
beforeAll(async () => {
  ({ soup } = await pricedMenuItems());
});
beforeEach(async () => {
  diner = await makeDiner();
});

const MINUTE = 60_000;
/** The intent as the reconciler will find it `ms` from now: its look is due. */
async function dueIn(transactionId: string, fields: Record<string, unknown> = {}) {
  await (await collections()).checkout_intents.updateOne({ transactionId }, { $set: { reconcileAt: new Date(Date.now() - MINUTE), ...fields } });
}
const runCron = () => call<{ checked: number; failed: number; deleted: number }>(cronRoute, '/api/cron/payments', { headers: { authorization: `Bearer ${CRON}` } });

describe('a payment Stripe took is never left unrecorded', () => {
  beforeAll(() => {
    process.env.CRON_SECRET = CRON;
  });
  afterAll(() => {
    delete process.env.CRON_SECRET;
  });

  it('captured, and its completion died before the order was written, with no webhook: the reconciler records it', async () => {
    await addLines(diner, [soup]);
    const intent = (await checkout(diner)).body;
    // The card was captured, then the server stopped: no order, and the page never saved it.
    fake().succeed(intent.transactionId);
    await dueIn(intent.transactionId);
    const run = await runCron();
    expect(run.status).toBe(200);
    expect(run.body.failed).toBe(0);
    expect(await historyOf(diner)).toMatchObject([{ transactionId: intent.transactionId, price: 14.5, status: 'pending' }]);
    // The diner's save afterwards answers the same order.
    expect((await save(diner, intent)).status).toBe(200);
    expect(await historyOf(diner)).toHaveLength(1);
  });

  it('authorized and never saved (the page was closed): the reconciler settles it as the page would have', async () => {
    await addLines(diner, [soup]);
    const intent = (await checkout(diner)).body;
    fake().confirm(intent.transactionId);
    await dueIn(intent.transactionId);
    await reconcilePayments();
    expect(fake().intents.get(intent.transactionId)).toMatchObject({ status: 'succeeded', amount_received: 1450 });
    expect(await historyOf(diner)).toMatchObject([{ transactionId: intent.transactionId }]);
  });

  it('voided, then charged all the same (captured in the dashboard): refunded, with the refund and the reason kept', async () => {
    await addLines(diner, [soup]);
    const replaced = (await checkout(diner)).body;
    await checkout(diner, 0.01, { tip: { percent: 10 } });
    fake().succeed(replaced.transactionId);
    await dueIn(replaced.transactionId);
    await reconcilePayments();
    expect(fake().intents.get(replaced.transactionId)!.amount_refunded).toBe(1450);
    const record = await (await collections()).checkout_intents.findOne({ transactionId: replaced.transactionId });
    expect(record).toMatchObject({
      voided: expect.stringMatching(/^This checkout was replaced/),
      refunded: { cents: 1450, providerId: expect.stringMatching(/^re_/), reason: expect.stringMatching(/^This checkout was replaced/) },
    });
    expect(record!.reconcileAt).toBeUndefined();
    expect(await historyOf(diner)).toEqual([]);
    // Run again: nothing more is refunded.
    await dueIn(replaced.transactionId);
    await reconcilePayments();
    expect(fake().refunds.filter((r) => r.payment_intent === replaced.transactionId)).toHaveLength(1);
  });

  it('Stripe unreachable: tried again, and shown on the admin home with what went wrong until it goes through', async () => {
    const admin = await adminOf(await makeAdmin());
    await addLines(diner, [soup]);
    const intent = (await checkout(diner)).body;
    fake().succeed(intent.transactionId);
    await dueIn(intent.transactionId, { fulfilmentFixed: true });
    // The SDK tries a request three times.
    for (let i = 0; i < 3; i++) fake().failNext({ status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } }, `/v1/payment_intents/${intent.transactionId}`);
    expect(await reconcilePayments()).toMatchObject({ failed: 1 });
    const later = new Date(Date.now() + 10 * MINUTE);
    expect(await paymentsToReconcile(admin, later)).toEqual([
      expect.objectContaining({ transactionId: intent.transactionId, email: diner.email, cents: 1450, problem: 'The card service is unavailable. Please try again shortly.', tries: 1 }),
    ]);
    expect(await historyOf(diner)).toEqual([]);
    await dueIn(intent.transactionId);
    expect(await reconcilePayments()).toMatchObject({ failed: 0 });
    expect(await historyOf(diner)).toHaveLength(1);
    expect((await paymentsToReconcile(admin, later)).map((p) => p.transactionId)).not.toContain(intent.transactionId);
  });
});

describe('GET /api/cron/payments', () => {
  it('is off without CRON_SECRET and refuses a wrong bearer', async () => {
    delete process.env.CRON_SECRET;
    expect((await runCron()).status).toBe(404);
    process.env.CRON_SECRET = CRON;
    try {
      expect((await call(cronRoute, '/api/cron/payments', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      expect((await call(cronRoute, '/api/cron/payments')).status).toBe(401);
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

it('the docs name every Stripe event the webhook reads, for the dashboard endpoint', () => {
  const docs = readFileSync('docs/payments.md', 'utf8');
  expect(STRIPE_EVENTS.length).toBeGreaterThan(0);
  for (const event of STRIPE_EVENTS) expect(docs, event).toContain(`\`${event}\``);
});
