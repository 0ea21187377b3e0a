import 'server-only';
import { HttpError } from '@/lib/api/http';
import { authorize, type Viewer } from '@/lib/auth/viewer';
import { priceCart, removePaidLines } from '@/lib/cart/cart';
import { formatCents, toCents } from '@/lib/menu/money';
import { MAX_CHARGE_CENTS } from '@/lib/menu/pricing';
import { normalizeEmail } from '@/lib/users/email';
import type { DemoConfirmInput, PaymentBody } from '@/lib/validation/payment';
import { chargeDemoCard, demoProvider } from './demo';
import { paymentMode } from './mode';
import { CURRENCY, type PaymentProvider, type ProviderIntent } from './provider';
import { findOpenIntent, findRecord, insertIntent, isPaid, markPaid, type PaymentRecord } from './records';
import { stripeProvider, toProviderIntent, verifyStripeEvent } from './stripe';
import type { CheckoutIntent, DemoConfirmation, PaymentResult } from './types';

/**
 * The payment rules, the same whichever provider runs:
 * - the amount is priced on the server, from the caller's cart at the menu's current prices; a
 *   line whose dish has changed, sold out or gone since it was added is refused, not repriced;
 * - an intent is bound to its user, its amount and the cart lines it covers;
 * - a payment is recorded only once the provider says that intent succeeded, for that user and
 *   that amount; the client's word for it is never enough;
 * - completing an intent is idempotent, however many confirmations race (see records.ts).
 */

export const CART_CHANGED = 'Your cart changed, please review it.';

function activeProvider(): PaymentProvider {
  return paymentMode() === 'stripe' ? stripeProvider() : demoProvider;
}

/** POST /api/create-payment-intent: an intent for the viewer's whole cart. */
export async function startCheckout(viewer: Viewer): Promise<CheckoutIntent> {
  authorize(viewer);
  const email = normalizeEmail(viewer.email);
  const order = await priceCart(viewer);
  if (order.cents <= 0) throw new HttpError(409, 'Your cart is empty.');
  if (order.cents > MAX_CHARGE_CENTS) {
    throw new HttpError(409, `Your order comes to ${formatCents(order.cents)}, more than one card payment may be (${formatCents(MAX_CHARGE_CENTS)}). Please order in parts.`);
  }
  const price = order.cents / 100;
  const provider = activeProvider();
  // A reload or a second tab resumes the same intent instead of opening one per page view; an
  // intent the provider cannot resume any more is simply replaced.
  const open = await findOpenIntent(viewer.uid, price, order.cartIds);
  // The same lines and total can hide other quantities (two lines swapping one of the same price).
  const sameQuantities = open?.lines?.every((line, i) => line.quantity === order.lines[i]?.quantity);
  if (open && sameQuantities) {
    const resumed = await provider.retrieveIntent(open.transactionId).catch(() => null);
    if (resumed?.status === 'open') return { clientSecret: resumed.clientSecret, transactionId: resumed.id, price };
  }
  const intent = await provider.createIntent({ amountCents: order.cents, currency: CURRENCY, email });
  await insertIntent({
    ownerUid: viewer.uid,
    email,
    price,
    transactionId: intent.id,
    cartIds: order.cartIds,
    menuItemIds: order.menuItemIds,
    lines: order.lines,
  });
  return { clientSecret: intent.clientSecret, transactionId: intent.id, price };
}

/** The viewer's own intent; anybody else's is answered exactly like a made-up id. */
async function ownRecord(viewer: Viewer, transactionId: string): Promise<PaymentRecord> {
  const record = await findRecord(transactionId);
  if (!record || record.ownerUid !== viewer.uid) throw new HttpError(404, 'No payment has this transaction id.');
  return record;
}

/** The provider's account of the intent must say paid, and match the intent to the cent. */
function assertPaidByProvider(record: PaymentRecord, intent: ProviderIntent): void {
  if (intent.status === 'processing') {
    throw new HttpError(409, 'Your payment is still processing. It will appear in your history once it clears.');
  }
  if (intent.status !== 'succeeded') throw new HttpError(402, 'This payment has not gone through.');
  const matches =
    intent.id === record.transactionId &&
    intent.amountCents === toCents(record.price) &&
    intent.currency === CURRENCY &&
    normalizeEmail(intent.email) === record.email;
  if (!matches) {
    console.error(`[payments] ${record.transactionId}: the provider's amount, currency or email differs from the intent; not recorded`);
    throw new HttpError(409, 'This payment does not match its order. Please contact us.');
  }
}

/** Records the payment (only the first call changes anything) and clears the lines it paid for. */
async function complete(record: PaymentRecord): Promise<void> {
  await markPaid(record._id);
  // Repeated on every completion, so a crash between the two steps heals on the next one.
  await removePaidLines(record);
}

/** POST /api/payments/demo-confirm: the demo card is charged here, on the server. */
export async function confirmDemoPayment(viewer: Viewer, input: DemoConfirmInput): Promise<DemoConfirmation> {
  authorize(viewer);
  if (paymentMode() !== 'demo') throw new HttpError(404, 'Demo payments are off: this site takes cards through Stripe.');
  const record = await ownRecord(viewer, input.transactionId);
  const succeeded: DemoConfirmation = { status: 'succeeded', transactionId: record.transactionId };
  if (isPaid(record)) return succeeded;
  // Charge only what the intent covers at today's prices: a cart changed since is not charged.
  const now = await priceCart(viewer, record.cartIds);
  if (now.cartIds.length !== record.cartIds.length || now.cents !== toCents(record.price)) {
    // A concurrent confirmation of this very intent may have just paid it and cleared its lines.
    const latest = await findRecord(record.transactionId);
    if (latest && isPaid(latest)) return succeeded;
    throw new HttpError(409, CART_CHANGED);
  }
  chargeDemoCard(input.number);
  await complete(record);
  return succeeded;
}

/**
 * POST /api/payments, "save the payment" to its clients. It cannot create one: it records the
 * caller's intent once the provider confirms it was paid, and a replay answers the same record.
 */
export async function recordPayment(viewer: Viewer, body: PaymentBody): Promise<PaymentResult> {
  authorize(viewer);
  if (body.email !== undefined && normalizeEmail(body.email) !== normalizeEmail(viewer.email)) {
    throw new HttpError(403, 'You may only pay for your own cart.');
  }
  const record = await ownRecord(viewer, body.transactionId);
  if (toCents(body.price) !== toCents(record.price)) throw new HttpError(409, 'The price does not match this payment.');
  if (!isPaid(record)) assertPaidByProvider(record, await activeProvider().retrieveIntent(record.transactionId));
  await complete(record);
  return { paymentResult: { insertedId: record._id.toHexString() } };
}

/** POST /api/webhooks/stripe: Stripe's own word that an intent was paid, delivered at least once. */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<{ received: true }> {
  const event = verifyStripeEvent(payload, signature);
  if (event.type === 'payment_intent.succeeded') {
    const intent = toProviderIntent(event.data.object);
    const record = await findRecord(intent.id);
    // An intent this site did not open (another app on the same Stripe account) is not ours.
    if (record) {
      assertPaidByProvider(record, intent);
      await complete(record);
    }
  }
  return { received: true };
}
