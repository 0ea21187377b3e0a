/**
 * Which card provider this deployment uses: Stripe when its publishable key is set, else the
 * offline demo card. The key is public and inlined into the browser bundle at build time, and the
 * server decides by the same variable, so the card form and the API can never disagree.
 */
export type PaymentMode = 'stripe' | 'demo';

/** What every payment is in, on both sides of the wire. */
export const CURRENCY = 'usd';
export type Currency = typeof CURRENCY;

/**
 * What Stripe's Payment Element and Express Checkout Element offer, and what the server opens
 * intents for: a card (Apple Pay and Google Pay pay with one) and Link. Each can be authorized now
 * and captured later, which holding the pickup slot before taking the money needs.
 */
export const STRIPE_PAYMENT_METHODS = ['card', 'link'] as const;

export function stripePublishableKey(): string | undefined {
  return process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || undefined;
}

export function paymentMode(): PaymentMode {
  return stripePublishableKey() ? 'stripe' : 'demo';
}

/**
 * Why this server must not start taking payments, or null. A Stripe secret key with no
 * publishable key in the build means the deployer wants Stripe but the browser bundle was made
 * without it: serving would quietly take demo cards, which charge nobody. The demo card is for
 * deployments with no Stripe key at all.
 */
export function paymentSetupProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (stripePublishableKey() || !env.STRIPE_SECRET_KEY) return null;
  return (
    'STRIPE_SECRET_KEY is set but this build has no NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, so the card form would take ' +
    'demo cards that charge nobody. Set NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY and build again (it is fixed at build ' +
    'time), or unset STRIPE_SECRET_KEY to run on the demo card.'
  );
}
