import 'server-only';
import Stripe from 'stripe';
import { STRIPE_PAYMENT_METHODS } from '../../mode';
import { PaymentError, type IntentStatus, type PaymentProvider, type ProviderIntent, type ProviderRefund } from '../../provider';

/** Stripe's client and its adapter to PaymentProvider, with its errors mapped to answers (its webhook: ./webhook/). */

type StripeConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

let cached: { config: string; client: Stripe } | undefined;

/**
 * Made on first use, never at import: `new Stripe(undefined)` throws, and a demo deployment or a
 * build has no key. STRIPE_API_BASE (optional) points the SDK at stripe-mock or a local fake.
 */
export function stripeClient(): Stripe {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) {
    console.error('[payments] NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not');
    throw new PaymentError(503, 'Card payments are not set up on this server yet.', 'not_configured');
  }
  const apiBase = process.env.STRIPE_API_BASE;
  const config = `${secretKey}\n${apiBase ?? ''}`;
  if (cached?.config !== config) cached = { config, client: new Stripe(secretKey, { maxNetworkRetries: 2, ...endpoint(apiBase) }) };
  return cached.client;
}

function endpoint(apiBase: string | undefined): StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return { host: url.hostname, port: url.port || undefined, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

export function stripeProvider(): PaymentProvider {
  return createStripeProvider(stripeClient());
}

/** The adapter, given a client (tests hand it one pointed at a local fake of the API). */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    issued: (id) => id.startsWith('pi_'),
    async createIntent({ amountCents, currency, email }) {
      const intent = await stripe.paymentIntents
        // The methods the Payment Element offers; the email lets the server check from Stripe's
        // own record whose payment it is. Manual capture: confirming only authorizes the amount,
        // and the server captures it once the pickup slot is held, or voids it.
        .create({ amount: amountCents, currency, allowed_payment_method_types: [...STRIPE_PAYMENT_METHODS], capture_method: 'manual', metadata: { email } })
        .catch(mapStripeError);
      return toProviderIntent(intent);
    },
    async retrieveIntent(id) {
      // The payment method, expanded, carries the card's fingerprint.
      return toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }).catch(mapStripeError));
    },
    async captureIntent(id) {
      return toProviderIntent(await stripe.paymentIntents.capture(id).catch(mapStripeError));
    },
    async cancelIntent(id) {
      return toProviderIntent(await stripe.paymentIntents.cancel(id).catch(mapStripeError));
    },
    async refund(intentId, amountCents, refundId, attempt) {
      const intent = await stripe.paymentIntents.retrieve(intentId).catch(mapStripeError);
      if (intent.status === 'requires_capture') {
        if (amountCents !== intent.amount) throw new PaymentError(409, 'This payment is only authorized: it can be voided as a whole, not in part.', 'not_captured');
        await stripe.paymentIntents.cancel(intentId).catch(mapStripeError);
        return { id: `void_${intentId}`, cents: intent.amount };
      }
      // A try before this one, or one taken over, may have reached Stripe and lost its answer: that refund counts.
      const earlier = (await refundsMade(stripe, intentId)).find((r) => r.refundId === refundId);
      if (earlier) return { id: earlier.id, cents: earlier.cents };
      // Stripe replays a key's first answer, failures included: each try has a key of its own.
      const refund = await stripe.refunds
        .create({ payment_intent: intentId, amount: amountCents, metadata: { refund_id: refundId } }, { idempotencyKey: `refund-${refundId}-${attempt}` })
        .catch(mapStripeError);
      return { id: refund.id, cents: refund.amount };
    },
    refunds: (intentId) => refundsMade(stripe, intentId),
  };
}

/** The refunds of a payment at Stripe that gave (or are giving) money back: failed and cancelled ones gave none. */
async function refundsMade(stripe: Stripe, intentId: string): Promise<ProviderRefund[]> {
  const list = await stripe.refunds.list({ payment_intent: intentId, limit: 100 }).catch(mapStripeError);
  return list.data
    .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
    .map((r) => ({ id: r.id, cents: r.amount, ...(r.metadata?.refund_id ? { refundId: r.metadata.refund_id } : {}) }));
}

export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const method = intent.payment_method;
  const fingerprint = method && typeof method === 'object' ? method.card?.fingerprint : undefined;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intentStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    email: intent.metadata?.email ?? '',
    ...(fingerprint ? { cardFingerprint: fingerprint } : {}),
  };
}

function intentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_capture':
      return 'authorized';
    case 'canceled':
      return 'canceled';
    default:
      return 'open'; // requires_payment_method, _confirmation, _action: the customer may still pay
  }
}

/** Stripe's errors as answers the client can act on; configuration and outages are logged, not shown. */
export function mapStripeError(err: unknown): never {
  const { errors } = Stripe;
  if (err instanceof errors.StripeCardError) {
    throw new PaymentError(402, err.message, err.decline_code ?? err.code ?? 'card_declined');
  }
  if (err instanceof errors.StripeInvalidRequestError) {
    if (err.code === 'resource_missing') throw new PaymentError(404, 'No payment has this transaction id.', 'resource_missing');
    throw new PaymentError(400, err.message, err.code ?? 'invalid_request');
  }
  if (err instanceof errors.StripeRateLimitError) {
    throw new PaymentError(503, 'The card service is busy. Please try again in a moment.', 'rate_limited');
  }
  if (err instanceof errors.StripeAuthenticationError || err instanceof errors.StripePermissionError) {
    console.error('[payments] Stripe refused our API key:', err.message);
    throw new PaymentError(503, 'Card payments are not set up correctly on this server.', 'not_configured');
  }
  if (err instanceof errors.StripeError) {
    console.error('[payments] Stripe failed:', err.type, err.message);
    throw new PaymentError(502, 'The card service is unavailable. Please try again shortly.', 'provider_unavailable');
  }
  throw err;
}
