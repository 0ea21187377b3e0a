import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { handleStripeWebhook } from '@/lib/payments/checkout';

/** Stripe's events. The signature covers the exact bytes sent, so the body is read raw. */
export const POST = route(async (req) => {
  const payload = await req.text();
  return NextResponse.json(await handleStripeWebhook(payload, req.headers.get('stripe-signature')));
});
