import 'server-only';
import type Stripe from 'stripe';
import { settleFromEvent } from './settle-event';

/** Stripe cancelled an intent (an authorization left to expire, or cancelled in its dashboard): what it held goes back. */
export async function paymentIntentCanceled(event: Stripe.Event): Promise<void> {
  await settleFromEvent(event, () => undefined);
}
