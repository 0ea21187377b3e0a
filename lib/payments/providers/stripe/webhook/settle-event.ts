import 'server-only';
import type Stripe from 'stripe';
import { findIntent } from '../../../intents';
import type { ProviderIntent } from '../../../provider';
import { settle } from '../../../settle';
import { toProviderIntent } from '../adapter';

/**
 * Settles the intent a payment_intent event is about, as the diner's own save would: Stripe's word
 * that a card was authorized or charged completes the payment when the page never comes back. An
 * intent this site did not open (another app on the same Stripe account) is not ours. While a
 * confirmation settles it already, the event is acknowledged at once (the reconciler looks again
 * should that one stop); one refused and voided was handled, and is acknowledged too.
 */
export async function settleFromEvent(event: Stripe.Event, snapshot: (intent: ProviderIntent) => ProviderIntent | undefined): Promise<void> {
  const intent = toProviderIntent(event.data.object as Stripe.PaymentIntent);
  const record = await findIntent(intent.id);
  if (!record) return;
  try {
    await settle(record, { intent: snapshot(intent), wait: false });
  } catch (err) {
    if (!(await findIntent(intent.id))?.voided) throw err;
  }
}
