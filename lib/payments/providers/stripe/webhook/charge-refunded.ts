import 'server-only';
import type Stripe from 'stripe';
import { recordProviderRefunds } from '../../../refunds';

/** Money went back on a charge, from this site or Stripe's dashboard: the order's refunds are brought in step with Stripe's. */
export async function chargeRefunded(event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (intentId) await recordProviderRefunds(intentId);
}
