/** The payment handlers as a browser or a script would call them. */
import { afterAll, beforeAll } from 'vitest';
import { POST as addToCart } from '@/app/api/carts/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import { POST as savePayment } from '@/app/api/payments/route';
import { GET as paymentsOf } from '@/app/api/payments/[email]/route';
import { POST as demoConfirm } from '@/app/api/payments/demo-confirm/route';
import type { CheckoutIntent, DemoConfirmation, Payment, PaymentResult } from '@/lib/payments/types';
import { call, params } from '../support/http';
import type { Person } from '../support/people';
import { atTable } from '../support/settings';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

type Failure = { error: string };

/**
 * Adds each dish in turn, with the note when given; answers the cart lines they went to, each
 * once (the same dish with the same note adds to its line).
 */
export async function addLines(caller: Person, menuIds: string[], note?: string): Promise<string[]> {
  const ids: string[] = [];
  for (const menuId of menuIds) {
    ids.push((await call<{ insertedId: string }>(addToCart, '/api/carts', { as: caller, json: { menuId, ...(note ? { note } : {}) } })).body.insertedId);
  }
  return [...new Set(ids)];
}

/**
 * POST /api/create-payment-intent with the client's price (which the server ignores), at table 1
 * (with its QR code's token) unless `body` says otherwise: test restaurants are open all day with
 * room to spare (tests/support/isolated-data.setup.ts), so nothing refuses it in tests about something else.
 */
export const checkout = async (caller: Person, price = 0.01, body: Record<string, unknown> = {}) =>
  call<CheckoutIntent & Failure>(createIntent, '/api/create-payment-intent', { as: caller, json: { price, fulfilment: await atTable(), ...body } });

export const payDemo = (caller: Person, transactionId: string, card = GOOD_CARD) =>
  call<DemoConfirmation & Failure>(demoConfirm, '/api/payments/demo-confirm', { as: caller, json: { transactionId, ...card } });

/** POST /api/payments with the whole payload API clients send. */
export const save = (caller: Person, intent: { transactionId: string; price: number }, extra: Record<string, unknown> = {}) =>
  call<PaymentResult & Failure>(savePayment, '/api/payments', {
    as: caller,
    json: { email: caller.email, data: new Date().toISOString(), cartIds: [], menuItemIds: [], status: 'pending', ...intent, ...extra },
  });

export async function historyOf(caller: Person): Promise<Payment[]> {
  return (await call<Payment[]>(paymentsOf, `/api/payments/${caller.email}`, { as: caller }, params({ email: caller.email }))).body;
}

/** A cart of the given dishes paid with the demo card through the handlers, as the payment page does: the intent, and the order recorded. */
export async function payFor(caller: Person, menuIds: string[], body: Record<string, unknown> = {}): Promise<{ intent: CheckoutIntent; result: PaymentResult }> {
  await addLines(caller, menuIds);
  const intent = (await checkout(caller, 0.01, body)).body;
  if (!intent.transactionId) throw new Error(`no intent: ${intent.error}`);
  const paid = await payDemo(caller, intent.transactionId);
  if (paid.status !== 200) throw new Error(`the demo card was refused: ${paid.body.error}`);
  const { paymentResult, order } = paid.body;
  return { intent, result: { paymentResult, order } };
}

export const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * Runs the file's (or the describe block's) tests in Stripe mode, against a local fake of Stripe's
 * API started for them (tests/payments/fake-stripe.ts): answers the fake, once it is up.
 */
export function withFakeStripe(): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    process.env.STRIPE_API_BASE = fake.url;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  });
  afterAll(async () => {
    for (const key of ['NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
    await fake?.close();
  });
  return () => fake!;
}
