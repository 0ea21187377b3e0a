/**
 * Which card provider this deployment uses: Stripe when its publishable key is set, else the
 * offline demo card. The key is public and inlined into the browser bundle at build time, and the
 * server decides by the same variable, so the card form and the API can never disagree.
 */
export type PaymentMode = 'stripe' | 'demo';

export function stripePublishableKey(): string | undefined {
  return process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || undefined;
}

export function paymentMode(): PaymentMode {
  return stripePublishableKey() ? 'stripe' : 'demo';
}
