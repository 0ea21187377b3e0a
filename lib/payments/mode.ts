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

/** How the demo card provider's intent ids begin: a payment with one charged nobody. */
export const DEMO_INTENT_PREFIX = 'demo_pi_';

/** Whether a payment was taken by the demo card (nobody was charged). */
export const isDemoPayment = (transactionId: string) => transactionId.startsWith(DEMO_INTENT_PREFIX);

export function stripePublishableKey(): string | undefined {
  return process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || undefined;
}

export function paymentMode(): PaymentMode {
  return stripePublishableKey() ? 'stripe' : 'demo';
}

/**
 * A production server on services that serve real diners: a MongoDB database, a real Firebase
 * project (not the Auth Emulator), or Vercel. The fully embedded local run is none of these.
 */
export function onRealServices(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV !== 'production') return false;
  return Boolean(env.MONGODB_URI || env.VERCEL || (env.FIREBASE_PROJECT_ID && !env.FIREBASE_AUTH_EMULATOR_HOST));
}

/** The demo card taken on real services because PAYMENTS=demo says so: every page then says nobody is charged. */
export function demoPaymentsOnPurpose(env: NodeJS.ProcessEnv = process.env): boolean {
  return paymentMode() === 'demo' && onRealServices(env) && env.PAYMENTS === 'demo';
}

/**
 * Why this server must not start taking payments, or null. A production server on Stripe needs
 * its webhook: without it, a payment whose page never came back waits for the reconciler alone,
 * and refunds made in Stripe's dashboard never reach the orders. A Stripe secret key with no
 * publishable key in the build means the deployer wants Stripe but the browser bundle was made
 * without it: serving would quietly take demo cards, which charge nobody. On real services with
 * no provider at all, the demo card would hand unpaid orders to the kitchen: it runs there only
 * when PAYMENTS=demo asks for it. The embedded local run keeps the demo card as it is.
 */
export function paymentSetupProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (stripePublishableKey()) {
    if (env.NODE_ENV === 'production' && !env.STRIPE_WEBHOOK_SECRET) {
      return (
        'Card payments run on Stripe but STRIPE_WEBHOOK_SECRET is not set, so Stripe could not tell this server about ' +
        'payments whose page never came back, or refunds made in its dashboard. Add a webhook endpoint ' +
        '(https://<your-domain>/api/webhooks/stripe, with the events docs/payments.md lists) in the Stripe dashboard and set ' +
        'its signing secret as STRIPE_WEBHOOK_SECRET.'
      );
    }
    return null;
  }
  if (env.STRIPE_SECRET_KEY) {
    return (
      'STRIPE_SECRET_KEY is set but this build has no NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, so the card form would take ' +
      'demo cards that charge nobody. Set NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY and build again (it is fixed at build ' +
      'time), or unset STRIPE_SECRET_KEY to run on the demo card.'
    );
  }
  if (onRealServices(env) && env.PAYMENTS !== 'demo') {
    return (
      'This production server runs on real services (MONGODB_URI, a Firebase project or Vercel) but has no payment ' +
      'provider, so it would take demo cards that charge nobody and send unpaid orders to the kitchen. Set ' +
      'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY, or PAYMENTS=demo to run on the demo card on purpose ' +
      '(every page then says that nobody is charged).'
    );
  }
  return null;
}
