import 'server-only';
import type Stripe from 'stripe';
import { settleFromEvent } from './settle-event';

/** A card was charged: the payment is recorded from the event's intent, which says it succeeded. */
export async function paymentIntentSucceeded(event: Stripe.Event): Promise<void> {
  await settleFromEvent(event, (intent) => intent);
}
