import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as webhook } from '@/app/api/webhooks/stripe/route';
import { GET as getOrder, PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { POST as retryRefundRoute } from '@/app/api/orders/[id]/refunds/[refundId]/route';
import { GET as salesReport } from '@/app/api/reports/sales/route';
import type { Order } from '@/lib/orders/types';
import type { SalesReport } from '@/lib/reports/types';
import { PaymentError } from '@/lib/payments/provider';
import { createStripeProvider } from '@/lib/payments/providers/stripe/adapter';
import { collections } from '@/lib/db';
import { slotFull } from '@/lib/fulfilment/pickup';
import { addDays } from '@/lib/reservations/calendar';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, type Person } from '../support/people';
import { createPromo } from '@/lib/promos/promos';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { startFakeStripe, type FakeStripe, type StripeFailure } from './fake-stripe';
import { addLines, checkout, historyOf, payDemo, save } from './support';
import { restaurantClock } from '../support/clock';
import { changeSettings } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const setCapacity = (capacity: number) =>
  changeSettings((s) => {
    s.pickup.capacity = capacity;
  });

const WEBHOOK_SECRET = 'whsec_test_secret';

/** The uses a code has, counted as the admin page counts them. */
async function usesOfCode(code: string): Promise<number> {
  const { promos, promoUses } = await collections();
  return promoUses.countDocuments({ promoId: (await promos.findOne({ code }))!._id.toHexString() });
}
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describe('the Stripe adapter, with the real SDK against a local fake of the API', () => {
  const provider = () =>
    createStripeProvider(new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 }));

  it('creates an intent for the Payment Element’s methods (a card, wallets pay by card, and Link), for manual capture, for the amount in cents, tagged with the email', async () => {
    const intent = await provider().createIntent({ amountCents: 5345, currency: 'usd', email: 'dana@bistro.test' });
    expect(intent).toMatchObject({ amountCents: 5345, currency: 'usd', email: 'dana@bistro.test', status: 'open' });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(sent.params)).toMatchObject({
      amount: '5345',
      currency: 'usd',
      'metadata[email]': 'dana@bistro.test',
      capture_method: 'manual',
    });
    expect(fake.intents.get(intent.id)!.payment_method_types).toEqual(['card', 'link']);
  });

  it("retrieves an intent and reads Stripe's statuses", async () => {
    const { id } = await provider().createIntent({ amountCents: 995, currency: 'usd', email: 'dana@bistro.test' });
    expect((await provider().retrieveIntent(id)).status).toBe('open');
    for (const [stripeStatus, ours] of [
      ['requires_action', 'open'],
      ['processing', 'processing'],
      ['canceled', 'canceled'],
      ['succeeded', 'succeeded'],
    ]) {
      fake.intents.get(id)!.status = stripeStatus!;
      expect((await provider().retrieveIntent(id)).status).toBe(ours);
    }
  });

  const failure = (status: number, type: string, message: string, code?: string, decline_code?: string): StripeFailure => ({
    status,
    error: { type, message, code, decline_code },
  });

  it.each([
    ['a declined card', failure(402, 'card_error', 'Your card was declined.', 'card_declined', 'generic_decline'), 402, 'generic_decline', 'Your card was declined.'],
    ['insufficient funds', failure(402, 'card_error', 'Your card has insufficient funds.', 'card_declined', 'insufficient_funds'), 402, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['an amount below the minimum', failure(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small'), 400, 'amount_too_small', 'Amount must be at least $0.50 usd'],
    ['too many requests', failure(429, 'rate_limit_error', 'Too many requests'), 503, 'rate_limited', 'The card service is busy. Please try again in a moment.'],
    ['an outage', failure(500, 'api_error', 'Something went wrong on our end.'), 502, 'provider_unavailable', 'The card service is unavailable. Please try again shortly.'],
    ['a revoked key', failure(401, 'invalid_request_error', 'Expired API Key provided'), 503, 'not_configured', 'Card payments are not set up correctly on this server.'],
  ])('maps %s to an answer the client can act on', async (_name, stripeFailure, status, code, message) => {
    fake.failNext(stripeFailure);
    const err = await provider()
      .createIntent({ amountCents: 10, currency: 'usd', email: 'dana@bistro.test' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect(err).toMatchObject({ status, code, message });
  });

  it('maps an unknown intent to 404', async () => {
    await expect(provider().retrieveIntent('pi_missing')).rejects.toMatchObject({ status: 404, code: 'resource_missing' });
  });
});

describe('checkout in Stripe mode', () => {
  let soup: string;
  let salad: string;
  let shopper: Person;
  let n = 0;

  beforeAll(async () => {
    process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    process.env.STRIPE_API_BASE = fake.url;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    ({ soup, salad } = await pricedMenuItems());
  });
  afterAll(() => {
    for (const key of ['NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  });
  beforeEach(async () => {
    shopper = await makeDiner({ email: `stripe.shopper${++n}@bistro.test` });
  });

  /** A Stripe intent for 3 × 14.50 + 9.95, and the cart lines it covers. */
  async function openIntent() {
    const lines = await addLines(shopper, [soup, soup, soup, salad]);
    const res = await checkout(shopper, 0.01);
    expect(res.status).toBe(200);
    return { ...res.body, lines };
  }

  it('opens a Stripe intent for the amount priced on the server, bound to the email', async () => {
    const intent = await openIntent();
    expect(intent.price).toBe(53.45);
    expect(intent.transactionId).toMatch(/^pi_/);
    expect(intent.clientSecret).toBe(fake.intents.get(intent.transactionId)!.client_secret);
    expect(fake.intents.get(intent.transactionId)).toMatchObject({ amount: 5345, currency: 'usd', metadata: { email: shopper.email } });
  });

  it("records the payment only after Stripe says it succeeded, from Stripe's own record", async () => {
    const intent = await openIntent();
    expect(await save(shopper, intent)).toEqual({ status: 402, body: { error: 'This payment has not gone through.' } });
    fake.succeed(intent.transactionId);
    const saved = await save(shopper, intent);
    expect(saved.status).toBe(200);
    expect(await save(shopper, intent)).toEqual(saved);
    expect(await historyOf(shopper)).toMatchObject([{ transactionId: intent.transactionId, price: 53.45, cartIds: intent.lines, status: 'pending' }]);
  });

  it('keeps what was bought on the payment: each line with its quantity and prices, as priced at checkout', async () => {
    const intent = await openIntent();
    fake.succeed(intent.transactionId);
    await save(shopper, intent);
    const [payment] = await historyOf(shopper);
    const { menu } = await collections();
    const names = new Map((await menu.find({}).toArray()).map((d) => [d._id.toHexString(), d.name]));
    expect(payment!.menuItemIds).toEqual([soup, soup, soup, salad]);
    expect(payment!.lines).toEqual([
      { menuId: soup, name: names.get(soup), category: expect.any(String), options: [], quantity: 3, unitCents: 1450, lineCents: 4350 },
      { menuId: salad, name: names.get(salad), category: expect.any(String), options: [], quantity: 1, unitCents: 995, lineCents: 995 },
    ]);
  });

  it('a line raised in another tab after checkout began keeps what was not paid for, once however often the payment completes', async () => {
    const intent = await openIntent();
    // Two more of the same soup: they join the soup line, now 5, while the open intent is for 3.
    await addLines(shopper, [soup, soup]);
    const payload = JSON.stringify({ id: 'evt_raised', object: 'event', type: 'payment_intent.succeeded', data: { object: fake.succeed(intent.transactionId) } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliver = () => webhook(new Request('http://localhost/api/webhooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': signature } }), undefined as never);
    expect((await deliver()).status).toBe(200);
    expect((await save(shopper, intent)).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    const { carts } = await collections();
    const left = await carts.find({ ownerUid: shopper.uid }).toArray();
    expect(left.map((line) => [line.menuId, line.quantity])).toEqual([[soup, 2]]);
    // What is left is the diner's to pay for next, at 2 × 14.50, on the same cart line: the line's
    // claim by the first payment, made before this intent opened, does not stop it.
    const rest = (await checkout(shopper)).body;
    expect(rest.price).toBe(29);
    fake.confirm(rest.transactionId);
    expect((await save(shopper, rest)).status).toBe(200);
    expect(fake.intents.get(rest.transactionId)!.status).toBe('succeeded');
  });

  it('records nothing when the amount at Stripe differs from the intent', async () => {
    const intent = await openIntent();
    fake.succeed(intent.transactionId).amount = 50;
    expect(await save(shopper, intent)).toEqual({ status: 409, body: { error: 'This payment does not match its order. Please contact us.' } });
    expect(await historyOf(shopper)).toEqual([]);
  });

  it('refuses the demo card endpoint', async () => {
    const intent = await openIntent();
    expect((await payDemo(shopper, intent.transactionId)).status).toBe(404);
  });

  it('answers 503 when the secret key is missing', async () => {
    await addLines(shopper, [soup]);
    delete process.env.STRIPE_SECRET_KEY;
    try {
      expect(await checkout(shopper)).toEqual({ status: 503, body: { error: 'Card payments are not set up on this server yet.' } });
    } finally {
      process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    }
  });

  describe('a pickup slot, with the card authorized first and captured once the slot is held', () => {
    const tomorrow = addDays(restaurantClock(new Date()).today, 1);
    const at = (time: string) => ({ fulfilment: { kind: 'pickup', date: tomorrow, time } });
    const ordersIn = async (time: string) => (await (await collections()).pickupSlots.findOne({ _id: `${tomorrow} ${time}` }))?.orders ?? 0;
    const capturedOrCancelled = (id: string) => fake.requests.filter((r) => r.path.startsWith(`/v1/payment_intents/${id}/`)).map((r) => r.path.split('/').pop());
    const authorizedEvent = (intent: object) =>
      JSON.stringify({ id: `evt_auth_${Date.now()}`, object: 'event', type: 'payment_intent.amount_capturable_updated', data: { object: intent } });
    const deliver = (payload: string) =>
      call<{ received?: true; error?: string }>(webhook, '/api/webhooks/stripe', {
        method: 'POST',
        body: payload,
        origin: 'https://hooks.stripe.com',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      });

    afterEach(async () => {
      await setCapacity(1000);
    });

    async function openPickup(diner: Person, time: string) {
      await addLines(diner, [soup]);
      const res = await checkout(diner, 0.01, at(time));
      expect(res.status).toBe(200);
      return res.body;
    }

    it('opens the intent for manual capture, and captures the authorized card once the slot is held', async () => {
      const intent = await openPickup(shopper, '12:00');
      expect(fake.intents.get(intent.transactionId)).toMatchObject({ capture_method: 'manual', amount: 1450 });
      fake.confirm(intent.transactionId);
      expect(await save(shopper, intent)).toMatchObject({ status: 200, body: { order: { fulfilment: { kind: 'pickup', date: tomorrow, time: '12:00' } } } });
      expect(fake.intents.get(intent.transactionId)).toMatchObject({ status: 'succeeded', amount_received: 1450 });
      expect(capturedOrCancelled(intent.transactionId)).toEqual(['capture']);
      expect(await ordersIn('12:00')).toBe(1);
      // Saved again: nothing captured twice, one place held.
      expect((await save(shopper, intent)).status).toBe(200);
      expect(capturedOrCancelled(intent.transactionId)).toEqual(['capture']);
      expect(await ordersIn('12:00')).toBe(1);
    });

    it('voids the authorization when the slot filled while the diner paid: nothing charged, nothing recorded, told to choose again', async () => {
      await setCapacity(1);
      const late = await makeDiner();
      const waiting = await openPickup(late, '12:30');
      const first = await openPickup(shopper, '12:30');
      fake.confirm(first.transactionId);
      expect((await save(shopper, first)).status).toBe(200);

      fake.confirm(waiting.transactionId);
      const refused = await save(late, waiting);
      expect(refused).toEqual({ status: 409, body: { error: `${slotFull('12:30')} Your card was not charged.` } });
      expect(fake.intents.get(waiting.transactionId)).toMatchObject({ status: 'canceled', amount_received: 0 });
      expect(capturedOrCancelled(waiting.transactionId)).toEqual(['cancel']);
      expect(await historyOf(late)).toEqual([]);
      expect(await ordersIn('12:30')).toBe(1);
      // Stripe's webhook for the same authorization changes nothing more.
      expect(await deliver(authorizedEvent(fake.intents.get(waiting.transactionId)!))).toEqual({ status: 200, body: { received: true } });
      expect(await historyOf(late)).toEqual([]);
      // Another time opens a new intent, which goes through.
      const again = await checkout(late, 0.01, at('12:45'));
      expect(again.body.transactionId).not.toBe(waiting.transactionId);
      fake.confirm(again.body.transactionId);
      expect((await save(late, again.body)).status).toBe(200);
      expect(await historyOf(late)).toMatchObject([{ fulfilment: { time: '12:45' } }]);
    });

    it("voids the authorization when the promo code's last use went while the diner paid: nothing charged, the place given back", async () => {
      const code = `LAST${Date.now().toString(36).toUpperCase()}`;
      const admin = await adminOf(await makeAdmin());
      await createPromo(admin, { code, kind: 'fixed', amount: 2, minSubtotal: 0, maxUses: 1, categories: [], menuIds: [], active: true });
      const late = await makeDiner();
      await addLines(late, [soup]);
      const waiting = (await checkout(late, 0.01, { ...at('14:15'), promo: code })).body;
      await addLines(shopper, [soup]);
      const first = (await checkout(shopper, 0.01, { ...at('14:15'), promo: code })).body;
      expect([waiting.price, first.price]).toEqual([12.5, 12.5]);
      fake.confirm(first.transactionId);
      expect((await save(shopper, first)).status).toBe(200);

      fake.confirm(waiting.transactionId);
      expect(await save(late, waiting)).toEqual({ status: 409, body: { error: `The code ${code} has just been used up. Your card was not charged.` } });
      expect(capturedOrCancelled(waiting.transactionId)).toEqual(['cancel']);
      expect(await historyOf(late)).toEqual([]);
      expect(await ordersIn('14:15')).toBe(1);
      expect(await usesOfCode(code)).toBe(1);
    });

    it('gives the slot back when the capture fails, and holds it again when the capture is retried', async () => {
      await setCapacity(1);
      const intent = await openPickup(shopper, '13:00');
      fake.confirm(intent.transactionId);
      fake.failNext({ status: 402, error: { type: 'card_error', code: 'charge_expired_for_capture', message: 'This charge has expired.' } });
      expect(await save(shopper, intent)).toEqual({ status: 402, body: { error: 'This charge has expired.' } });
      expect(await ordersIn('13:00')).toBe(0);
      expect(await historyOf(shopper)).toEqual([]);
      expect((await save(shopper, intent)).status).toBe(200);
      expect(await ordersIn('13:00')).toBe(1);
    });

    it("Stripe's authorization webhook holds the slot and captures; an authorization Stripe cancelled holds nothing", async () => {
      const intent = await openPickup(shopper, '13:15');
      fake.confirm(intent.transactionId);
      expect(await deliver(authorizedEvent(fake.intents.get(intent.transactionId)!))).toEqual({ status: 200, body: { received: true } });
      expect(await historyOf(shopper)).toMatchObject([{ transactionId: intent.transactionId, status: 'pending', fulfilment: { time: '13:15' } }]);
      const other = await makeDiner();
      const expiring = await openPickup(other, '13:15');
      fake.confirm(expiring.transactionId);
      fake.intents.get(expiring.transactionId)!.status = 'canceled';
      expect(await save(other, expiring)).toEqual({ status: 409, body: { error: 'This payment was cancelled. Your card was not charged.' } });
      expect(fake.intents.get(intent.transactionId)).toMatchObject({ status: 'succeeded', amount_received: 1450 });
      expect(await ordersIn('13:15')).toBe(1);
    });

    it('ten diners authorized for a 6-order slot: six captured, four voided', async () => {
      await setCapacity(6);
      const diners = await Promise.all(Array.from({ length: 10 }, () => makeDiner()));
      const intents: Awaited<ReturnType<typeof openPickup>>[] = [];
      for (const diner of diners) intents.push(await openPickup(diner, '14:00'));
      for (const intent of intents) fake.confirm(intent.transactionId);
      const answers = await Promise.all(diners.map((diner, i) => save(diner, intents[i]!)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
      const statuses = intents.map((intent) => fake.intents.get(intent.transactionId)!.status).sort();
      expect(statuses).toEqual([...Array(4).fill('canceled'), ...Array(6).fill('succeeded')]);
      expect(await ordersIn('14:00')).toBe(6);
    });
  });

  describe('POST /api/webhooks/stripe', () => {
    const succeededEvent = (intent: object, id = `evt_${Date.now()}`) =>
      JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } });

    const deliver = (payload: string, signature?: string) =>
      call<{ received?: true; error?: string }>(webhook, '/api/webhooks/stripe', {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      });

    const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });

    it('records the payment from a signed payment_intent.succeeded, once however often it is delivered', async () => {
      const intent = await openIntent();
      const payload = succeededEvent(fake.succeed(intent.transactionId));
      expect(await deliver(payload, sign(payload))).toEqual({ status: 200, body: { received: true } });
      expect(await deliver(payload, sign(payload))).toEqual({ status: 200, body: { received: true } });
      const history = await historyOf(shopper);
      expect(history).toMatchObject([{ transactionId: intent.transactionId, price: 53.45, status: 'pending' }]);
      // The browser's save afterwards answers the same payment.
      expect((await save(shopper, intent)).body.paymentResult.insertedId).toBe(history[0]!._id);
      expect(await historyOf(shopper)).toHaveLength(1);
    });

    it('refuses a forged, a tampered, a stale and an unsigned event, and records nothing', async () => {
      const intent = await openIntent();
      const paid = fake.succeed(intent.transactionId);
      const payload = succeededEvent(paid);
      const invalid = { status: 400, body: { error: 'Invalid Stripe signature.' } };
      expect(await deliver(payload, sign(payload, { secret: 'whsec_someone_else' }))).toEqual(invalid);
      const tampered = succeededEvent({ ...paid, amount: 1 });
      expect(await deliver(tampered, sign(payload))).toEqual(invalid);
      const stale = Math.floor(Date.now() / 1000) - 10 * 60;
      expect(await deliver(payload, sign(payload, { timestamp: stale }))).toEqual(invalid);
      expect(await deliver(payload)).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature header.' } });
      expect(await historyOf(shopper)).toEqual([]);
    });

    it('does not record a signed event whose amount differs from the intent', async () => {
      const intent = await openIntent();
      const payload = succeededEvent({ ...fake.succeed(intent.transactionId), amount: 100 });
      expect((await deliver(payload, sign(payload))).status).toBe(409);
      expect(await historyOf(shopper)).toEqual([]);
    });

    it('acknowledges other events and intents this site did not open, changing nothing', async () => {
      const intent = await openIntent();
      const failed = JSON.stringify({ id: 'evt_f', object: 'event', type: 'payment_intent.payment_failed', data: { object: fake.intents.get(intent.transactionId) } });
      expect(await deliver(failed, sign(failed))).toEqual({ status: 200, body: { received: true } });
      const foreign = succeededEvent({ ...fake.intents.get(intent.transactionId), id: 'pi_from_another_app', status: 'succeeded' });
      expect(await deliver(foreign, sign(foreign))).toEqual({ status: 200, body: { received: true } });
      expect(await historyOf(shopper)).toEqual([]);
    });

    it('answers 404 when no webhook secret is configured', async () => {
      delete process.env.STRIPE_WEBHOOK_SECRET;
      try {
        const payload = succeededEvent({ id: 'pi_x' });
        expect((await deliver(payload, sign(payload))).status).toBe(404);
      } finally {
        process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
      }
    });
  });

  it('two tabs with different tips, both authorized: the newer checkout replaced the older, whose card is voided, not captured', async () => {
    await addLines(shopper, [soup, salad]);
    const first = (await checkout(shopper, 0.01, { tip: { percent: 10 } })).body;
    const second = (await checkout(shopper, 0.01, { tip: { percent: 15 } })).body;
    expect(second.transactionId).not.toBe(first.transactionId);
    fake.confirm(first.transactionId);
    fake.confirm(second.transactionId);
    const replaced = { status: 409, body: { error: 'This checkout was replaced by a newer one (Pay was pressed again, perhaps in another tab). Your card was not charged.' } };
    const answers = await Promise.all([save(shopper, first), save(shopper, second)]);
    expect(answers[0]).toEqual(replaced);
    expect(answers[1]!.status).toBe(200);
    // The reconciler cancels the replaced authorization at Stripe: nothing captured.
    await reconcilePayments(new Date());
    expect(fake.intents.get(first.transactionId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    const captures = fake.requests.filter((r) => [first, second].some((tab) => r.path === `/v1/payment_intents/${tab.transactionId}/capture`));
    expect(captures.map((r) => r.path)).toEqual([`/v1/payment_intents/${second.transactionId}/capture`]);
    expect(await historyOf(shopper)).toMatchObject([{ transactionId: second.transactionId }]);
  });

  it('an unpaid intent expires after an hour: the reconciler cancels it at Stripe, it is never resumed, and refused if confirmed late', async () => {
    const stale = await openIntent();
    const { checkout_intents } = await collections();
    // An hour on: the reconciler's look at it is due.
    await checkout_intents.updateOne({ transactionId: stale.transactionId }, { $set: { createdAt: new Date(Date.now() - 61 * 60 * 1000), reconcileAt: new Date() } });
    await reconcilePayments(new Date());
    expect(fake.intents.get(stale.transactionId)!.status).toBe('canceled');
    const refused = { status: 409, body: { error: 'This checkout was open for more than an hour, so it was cancelled. Please press Pay again. Your card was not charged.' } };
    expect(await save(shopper, stale)).toEqual(refused);
    // Pay again: a new intent for the same cart, not the expired one.
    const again = await checkout(shopper);
    expect(again.body.transactionId).not.toBe(stale.transactionId);
    expect(again.body.price).toBe(stale.price);
  });

  it('an intent authorized after its hour, with no checkout opened meanwhile, is voided rather than captured', async () => {
    const stale = await openIntent();
    const { checkout_intents } = await collections();
    await checkout_intents.updateOne({ transactionId: stale.transactionId }, { $set: { createdAt: new Date(Date.now() - 61 * 60 * 1000) } });
    fake.confirm(stale.transactionId);
    expect((await save(shopper, stale)).status).toBe(409);
    expect(fake.intents.get(stale.transactionId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await historyOf(shopper)).toEqual([]);
  });

  describe('refunds through Stripe', () => {
    let admin: Person;
    beforeAll(async () => {
      admin = await makeAdmin({ name: 'Ada Admin' });
    });
    const refundAs = (id: string, json: unknown) => call<Order & { error?: string }>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json }, params({ id }));

    /** Delivers Stripe's `charge.refunded` for the payment as it stands at the fake, signed. */
    const chargeRefunded = (intentId: string) => () => {
      const charge = { id: 'ch_1', object: 'charge', payment_intent: intentId, amount: 5345, amount_refunded: fake.intents.get(intentId)!.amount_refunded, refunded: false };
      const payload = JSON.stringify({ id: `evt_refund_${Date.now()}`, object: 'event', type: 'charge.refunded', data: { object: charge } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return call(webhook, '/api/webhooks/stripe', { method: 'POST', body: payload, origin: 'https://hooks.stripe.com', headers: { 'stripe-signature': signature } });
    };
    const retryAs = (id: string, refundId: string) => call<Order & { error?: string }>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));
    const storedOrder = async (intentId: string) => (await (await collections()).payments.findOne({ transactionId: intentId }))!;

    it('a refund whose every answer was lost is counted once: the charge.refunded webhook knows it as ours, and the retry finds it done', async () => {
      const { id, intentId } = await paidStripeOrder();
      // Stripe makes the refund, and the answer to each of the SDK's three tries (one idempotency key) is lost.
      fake.loseAnswers('/v1/refunds', 3);
      const failed = await refundAs(id, { amountCents: 2000, reason: 'Wrong order' });
      expect(failed.status).toBe(502);
      expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
      const rid = (await storedOrder(intentId)).refunds![0]!.id;
      expect((await storedOrder(intentId)).refunds![0]).toMatchObject({ status: 'failed' });

      expect((await chargeRefunded(intentId)()).status).toBe(200);
      const order = await storedOrder(intentId);
      expect(order.refundedCents).toBe(2000);
      expect(order.refunds!.map((r) => [r.id, r.cents, r.status, r.by?.name])).toEqual([[rid, 2000, 'done', 'Ada Admin']]);

      expect(await retryAs(id, rid)).toEqual({ status: 409, body: { error: 'This refund is done.' } });
      expect((await chargeRefunded(intentId)()).status).toBe(200);
      expect((await storedOrder(intentId)).refundedCents).toBe(2000);
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(2000);
      expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    });

    it('a refund whose answers were lost, retried before the webhook comes: the retry finds it at Stripe, and the webhook records nothing more', async () => {
      const { id, intentId } = await paidStripeOrder();
      fake.loseAnswers('/v1/refunds', 3);
      expect((await refundAs(id, { amountCents: 2000, reason: 'Wrong order' })).status).toBe(502);
      const rid = (await storedOrder(intentId)).refunds![0]!.id;
      expect(await retryAs(id, rid)).toMatchObject({ status: 200, body: { refundedCents: 2000, refunds: [{ id: rid, status: 'done' }] } });
      expect((await chargeRefunded(intentId)()).status).toBe(200);
      const order = await storedOrder(intentId);
      expect(order.refundedCents).toBe(2000);
      expect(order.refunds).toHaveLength(1);
      expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    });

    it('a try with no answer is taken over after its lease: the takeover first finds the refund the lost try made at Stripe, and none is made twice', async () => {
      const { id, intentId } = await paidStripeOrder();
      const madeAtStripe = () => fake.refunds.filter((r) => r.payment_intent === intentId);
      fake.holdAnswer('/v1/refunds');
      const lost = refundAs(id, { amountCents: 2000, reason: 'Cold' });
      await vi.waitFor(() => expect(madeAtStripe()).toHaveLength(1));
      const rid = (await storedOrder(intentId)).refunds![0]!.id;
      expect(await retryAs(id, rid)).toEqual({ status: 409, body: { error: 'This refund is under way.' } });

      await (await collections()).payments.updateOne({ transactionId: intentId }, { $set: { 'refunds.0.leaseUntil': new Date(Date.now() - 1000) } });
      expect(await retryAs(id, rid)).toMatchObject({ status: 200, body: { refundedCents: 2000, refunds: [{ id: rid, status: 'done' }] } });
      const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.get('payment_intent') === intentId);
      expect(sent.map((r) => r.idempotencyKey)).toEqual([`refund-${rid}-1`]);
      expect(madeAtStripe()).toHaveLength(1);

      // The lost try's connection drops at last: its client tries again with its key, is answered the same refund, and changes nothing.
      fake.releaseHeld();
      expect((await lost).status).toBe(201);
      const order = await storedOrder(intentId);
      expect([order.refundedCents, order.refunds!.length, order.refunds![0]!.status]).toEqual([2000, 1, 'done']);
      expect(madeAtStripe()).toHaveLength(1);
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(2000);
    });

    /** A Stripe order of $53.45, charged. */
    async function paidStripeOrder() {
      const intent = await openIntent();
      fake.succeed(intent.transactionId);
      const saved = await save(shopper, intent);
      return { id: saved.body.paymentResult.insertedId, intentId: intent.transactionId };
    }

    it('refunds a line at Stripe, tagged with our refund id, and the order records it as done', async () => {
      const { id, intentId } = await paidStripeOrder();
      const res = await refundAs(id, { lines: [{ index: 0, quantity: 1 }], reason: 'Cold soup' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ refundedCents: 1450, refunds: [{ cents: 1450, status: 'done', by: 'Ada Admin' }] });
      expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([expect.objectContaining({ amount: 1450, metadata: { refund_id: res.body.refunds![0]!.id } })]);
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(1450);
    });

    it('a line refund whose answers were lost, retried after another: priced again, but what Stripe gave back with the lost try is what is recorded', async () => {
      await changeSettings((s) => void (s.tax = { mode: 'added', rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }] }));
      try {
        const { id, intentId } = await paidStripeOrder();
        const soup = { lines: [{ index: 0, quantity: 1 }], reason: 'Cold soup' };
        fake.loseAnswers('/v1/refunds', 3);
        expect((await refundAs(id, soup)).status).toBe(502);
        const lost = (await storedOrder(intentId)).refunds![0]!;
        // One soup: 14.50 and its tax, 1.286 → 1.29.
        expect(lost).toMatchObject({ cents: 1579, status: 'failed' });
        // Another soup while the first stands failed is priced as the first one.
        expect((await refundAs(id, soup)).body.refunds![1]).toMatchObject({ cents: 1579, status: 'done' });
        // Priced again, the first would now give 15.78 (two soups' tax is 2.57), but Stripe made it at 15.79.
        const retried = await retryAs(id, lost.id);
        expect(retried.status).toBe(200);
        expect(retried.body.refunds!.map((r) => [r.id, r.cents, r.status])).toEqual([[lost.id, 1579, 'done'], [expect.any(String), 1579, 'done']]);
        expect(retried.body.refundedCents).toBe(3158);
        expect(fake.intents.get(intentId)!.amount_refunded).toBe(3158);
        expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(2);
      } finally {
        await changeSettings((s) => void (s.tax = { mode: 'added', rates: [] }));
      }
    });

    it('a refund Stripe fails is recorded failed, with nothing refunded anywhere, and a retry refunds it once', async () => {
      const { id, intentId } = await paidStripeOrder();
      // The SDK tries a request three times before it gives up.
      for (let i = 0; i < 3; i++) fake.failNext({ status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } }, '/v1/refunds');
      const failed = await refundAs(id, { amountCents: 2000, reason: 'Wrong order' });
      expect(failed).toEqual({ status: 502, body: { error: 'The refund failed, and nothing was refunded: The card service is unavailable. Please try again shortly. It can be retried.' } });
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(0);
      const rid = (await (await collections()).payments.findOne({ transactionId: intentId }))!.refunds![0]!.id;
      const retried = await call<Order>(retryRefundRoute, `/api/orders/${id}/refunds/${rid}`, { as: admin }, params({ id, refundId: rid }));
      expect(retried.body).toMatchObject({ refundedCents: 2000, refunds: [{ id: rid, status: 'done' }] });
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(2000);
    });

    it('cancelling a charged order refunds all of it at Stripe', async () => {
      const { id, intentId } = await paidStripeOrder();
      const res = await call<Order>(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: admin, json: { status: 'cancelled' } }, params({ id }));
      expect(res.body).toMatchObject({ status: 'cancelled', refundedCents: 5345 });
      expect(fake.intents.get(intentId)!.amount_refunded).toBe(5345);
    });

    it("charge.refunded keeps the order in step with a refund made in Stripe's dashboard, once however often it is delivered", async () => {
      const { id, intentId } = await paidStripeOrder();
      const today = restaurantClock(new Date()).today;
      const refundedToday = async () => (await call<SalesReport>(salesReport, `/api/reports/sales?from=${today}&to=${today}`, { as: admin })).body.refundsCents;
      const before = await refundedToday();
      await refundAs(id, { amountCents: 500, reason: 'Ours' });
      fake.refundInDashboard(intentId, 1200);
      const deliver = chargeRefunded(intentId);
      expect((await deliver()).status).toBe(200);
      expect((await deliver()).status).toBe(200);
      const order = (await call<Order>(getOrder, `/api/orders/${id}`, { as: shopper }, params({ id }))).body;
      expect(order.refundedCents).toBe(1700);
      expect(order.refunds!.map((r) => [r.cents, r.by, r.status])).toEqual([
        [500, 'Ada Admin', 'done'],
        [1200, 'Stripe', 'done'],
      ]);
      // Today's report counts each refund once: ours when it was made, Stripe's when it was told.
      expect((await refundedToday()) - before).toBe(1700);
    });

    it("a whole refund made in Stripe's dashboard gives the promo code's use back, once however often charge.refunded is delivered", async () => {
      const code = `BACK${Date.now().toString(36).toUpperCase()}`;
      await createPromo(await adminOf(admin), { code, kind: 'fixed', amount: 5, minSubtotal: 0, maxUses: 5, categories: [], menuIds: [], active: true });
      const [first, second] = [shopper, await makeDiner()];
      const pay = async (diner: Person) => {
        await addLines(diner, [soup, soup, soup, salad]);
        const intent = (await checkout(diner, 0.01, { promo: code })).body;
        fake.succeed(intent.transactionId);
        expect((await save(diner, intent)).status).toBe(200);
        return intent.transactionId;
      };
      const uses = () => usesOfCode(code);
      const intentId = await pay(first);
      await pay(second);
      expect(await uses()).toBe(2);
      fake.refundInDashboard(intentId, 1000);
      expect((await chargeRefunded(intentId)()).status).toBe(200);
      expect(await uses()).toBe(2);
      fake.refundInDashboard(intentId, 4845 - 1000);
      const deliver = chargeRefunded(intentId);
      expect((await deliver()).status).toBe(200);
      expect((await deliver()).status).toBe(200);
      expect((await storedOrder(intentId)).refundedCents).toBe(4845);
      expect(await uses()).toBe(1);
    });
  });

  it('a webhook and two browser saves racing for one intent record one payment', async () => {
    const intent = await openIntent();
    const payload = JSON.stringify({ id: 'evt_race', object: 'event', type: 'payment_intent.succeeded', data: { object: fake.succeed(intent.transactionId) } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // The webhook carries no session and comes from Stripe's servers: its signature is its credential.
    const [hook, ...saves] = await Promise.all([
      call(webhook, '/api/webhooks/stripe', { method: 'POST', body: payload, origin: 'https://hooks.stripe.com', headers: { 'stripe-signature': signature } }),
      save(shopper, intent),
      save(shopper, intent),
    ]);
    expect(hook.status).toBe(200);
    expect(saves.map((s) => s.status)).toEqual([200, 200]);
    const history = await historyOf(shopper);
    expect(history).toHaveLength(1);
    expect(saves.map((s) => s.body.paymentResult.insertedId)).toEqual([history[0]!._id, history[0]!._id]);
    const { payments } = await collections();
    expect(await payments.countDocuments({ transactionId: intent.transactionId })).toBe(1);
  });
});
