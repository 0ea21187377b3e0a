import 'server-only';
import type Stripe from 'stripe';
import { settleFromEvent } from './settle-event';

/**
 * A card was authorized: the order's holds are taken and the card captured, or the authorization
 * voided. The event is a snapshot, so the intent is settled from Stripe's account of it now.
 */
export async function paymentIntentAmountCapturableUpdated(event: Stripe.Event): Promise<void> {
  await settleFromEvent(event, () => undefined);
}
