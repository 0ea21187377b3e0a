import 'server-only';
import Stripe from 'stripe';
import { HttpError } from '@/lib/api/http';
import { chargeRefunded } from './charge-refunded';
import { paymentIntentAmountCapturableUpdated } from './payment-intent-amount-capturable-updated';
import { paymentIntentCanceled } from './payment-intent-canceled';
import { paymentIntentSucceeded } from './payment-intent-succeeded';

/**
 * POST /api/webhooks/stripe: Stripe's events, delivered at least once, each handled by the file
 * named after it. Every event this site reads is here; docs/payments.md lists them for the
 * dashboard's webhook endpoint. Any other event is acknowledged and changes nothing.
 */
const HANDLERS: Partial<Record<Stripe.Event['type'], (event: Stripe.Event) => Promise<void>>> = {
  'payment_intent.amount_capturable_updated': paymentIntentAmountCapturableUpdated,
  'payment_intent.succeeded': paymentIntentSucceeded,
  'payment_intent.canceled': paymentIntentCanceled,
  'charge.refunded': chargeRefunded,
};

/** The event types this site reads: what a deployer subscribes the endpoint to. */
export const STRIPE_EVENTS = Object.keys(HANDLERS);

export async function handleStripeWebhook(payload: string, signature: string | null): Promise<{ received: true }> {
  const event = verifyStripeEvent(payload, signature);
  await HANDLERS[event.type]?.(event);
  return { received: true };
}

/**
 * A webhook event, once its signature over the raw body checks out with STRIPE_WEBHOOK_SECRET
 * (which also refuses events signed longer ago than Stripe's five-minute tolerance: replays).
 */
function verifyStripeEvent(payload: string, signature: string | null): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  // Without a secret there is no webhook endpoint: 404, the same as any route that is not there.
  if (!secret) throw new HttpError(404, 'Stripe webhooks are not enabled on this server.');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new HttpError(400, 'Invalid Stripe signature.');
    throw err;
  }
}
