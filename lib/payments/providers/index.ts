import 'server-only';
import { paymentMode } from '../mode';
import type { PaymentProvider } from '../provider';
import { demoProvider } from './demo/adapter';
import { stripeProvider } from './stripe/adapter';

/**
 * Which provider acts, decided here and nowhere else. A new intent is opened with the deployment's
 * provider (Stripe when its publishable key is built in, else the demo card: lib/payments/mode.ts).
 * Everything after that (settling, voiding, refunding) goes to the provider that issued the
 * intent, whichever runs now: a demo payment taken before Stripe was set up is refunded as one.
 */
export function providerFor(transactionId?: string): PaymentProvider {
  if (transactionId === undefined) return paymentMode() === 'stripe' ? stripeProvider() : demoProvider;
  return demoProvider.issued(transactionId) ? demoProvider : stripeProvider();
}
