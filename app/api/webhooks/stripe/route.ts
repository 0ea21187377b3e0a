import { NextResponse } from 'next/server';
import { readBodyCapped, route } from '@/lib/api/http';
import { handleStripeWebhook } from '@/lib/payments/providers/stripe/webhook';

/** Stripe's events are well under this; anything larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

/** Stripe's events. The signature covers the exact bytes sent, so the body is read raw. */
export const POST = route(async (req) => {
  const payload = new TextDecoder().decode(await readBodyCapped(req, MAX_EVENT_BYTES));
  return NextResponse.json(await handleStripeWebhook(payload, req.headers.get('stripe-signature')));
});
