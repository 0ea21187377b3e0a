import 'server-only';
import { clockMs, clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { linesPaid } from '@/lib/cart/claims';
import { removePaidLines } from '@/lib/cart/cart';
import type { PaymentDoc } from '@/lib/db/documents';
import { heldFulfilment } from '@/lib/fulfilment/pickup';
import { toCents } from '@/lib/menu/money';
import { mailOrderPaid } from '@/lib/mail/outbox';
import { findOrder, placeOrder } from '@/lib/orders/place';
import { normalizeEmail } from '@/lib/users/email';
import { keepGuest } from '@/lib/users/guests';
import { HOLDS, PaidElsewhere, releaseHolds, type Hold } from './holds';
import {
  claimIntent, dropSettling, findIntent, fixFulfilment, isExpired, isPaid, markRecorded, markVoided, markVoidSettled, paidCheckout, retakeIntent, takeSettling,
  type IntentRecord, type Settling,
} from './intents';
import { CURRENCY, PaymentError, type PaymentProvider, type ProviderIntent } from './provider';
import { providerFor } from './providers';

/**
 * The one way a payment completes, whoever asks (the diner's browser, the demo card's
 * confirmation, Stripe's webhook, the reconciler), from the provider's own account of the intent:
 * 1. one confirmation at a time settles an intent (a lease on it): the others wait for its answer;
 * 2. hold what the order needs (./holds.ts: the kitchen's place, the cart lines, the promo code's
 *    use), each in one conditional write;
 * 3. capture the authorized card;
 * 4. record the order (claiming the intent: one order per payment), then its emails and the cart.
 * A hold refused (a slot filled, a code used up, the lines paid elsewhere) gives back what was
 * held and voids the intent: the card is not charged and the diner is told why. A capture that
 * fails gives back what was held. Only the confirmation holding the lease takes or gives back,
 * so a failed confirmation never gives back what another one holds.
 */

export const NOT_CHARGED = 'Your card was not charged.';
export const EXPIRED = 'This checkout was open for more than an hour, so it was cancelled. Please press Pay again.';
const PROCESSING = 'Your payment is still processing. It will appear in your history once it clears.';
const BEING_SETTLED = 'Your payment went through, and its order is still being written. It will be in your payment history shortly.';
/** How long a completion that claimed an intent has to write its order before another one takes over. */
const ORDER_LEASE_MS = 5000;
/** How long a confirmation waits for another one settling the same intent (the browser's save beside the webhook). */
const WAIT_MS = 10_000;
/** When the reconciler tries again after a try that failed (the provider or the database could not be reached). */
const RETRY_MS = 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const later = (ms: number) => new Date(clockMs() + ms);

/** The provider's account of the intent must match the intent to the cent, for its user. */
export function assertMatches(record: IntentRecord, intent: ProviderIntent): void {
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

/**
 * Records the payment of an intent claimed as paid: the completion that claims it writes its
 * order (with the slot its payment holds), every other one answers that order. Then its emails go
 * to the outbox, the lines it paid for leave the cart and their claims are done, on every
 * completion, so a crash before any of them heals on the next one (or the reconciler's).
 */
export async function complete(record: IntentRecord): Promise<WithId<PaymentDoc>> {
  const claimed = isPaid(record) ? null : await claimIntent(record._id, await heldFulfilment(record.transactionId, record.fulfilment));
  const order = claimed ? await placeOrder(paidCheckout(claimed)) : await orderOfPaid(record);
  if (order.ownerUid) await keepGuest(order.ownerUid, order.data);
  await mailOrderPaid(order._id);
  await removePaidLines(order);
  if (order.ownerUid) await linesPaid(order.ownerUid, order.transactionId);
  await markRecorded(record._id);
  return order;
}

/**
 * The order of an intent another completion claimed: once written, or while that one writes it.
 * A claim older than the lease with no order is a completion that crashed: this one takes over.
 */
async function orderOfPaid(record: IntentRecord): Promise<WithId<PaymentDoc>> {
  const until = clockMs() + 2 * ORDER_LEASE_MS;
  while (clockMs() < until) {
    const order = await findOrder(record.transactionId);
    if (order) return order;
    const retaken = await retakeIntent(record._id, ORDER_LEASE_MS);
    if (retaken) return placeOrder(paidCheckout(retaken));
    await wait(50);
  }
  throw new HttpError(503, BEING_SETTLED);
}

/**
 * Cancels the intent at its provider: true once the provider has it cancelled (by this call or
 * another before it) or has none; false when it could not be asked, or it was charged meanwhile
 * (the reconciler then refunds it).
 */
export async function cancelAtProvider(provider: PaymentProvider, id: string): Promise<boolean> {
  try {
    await provider.cancelIntent(id);
    return true;
  } catch (err) {
    if (err instanceof PaymentError && err.code === 'resource_missing') return true;
    return (await provider.retrieveIntent(id).catch(() => null))?.status === 'canceled';
  }
}

/**
 * Voids the intent for `reason`, gives back what it held, and cancels it at the provider (unless
 * the provider says it is cancelled already): nothing is charged. When the provider cannot be
 * reached now, the reconciler cancels it later.
 */
export async function voidIntent(
  provider: PaymentProvider,
  record: IntentRecord,
  reason: string,
  { lease, held = HOLDS, cancelled = false }: { lease?: Settling; held?: readonly Hold[]; cancelled?: boolean } = {},
): Promise<never> {
  const message = `${reason} ${NOT_CHARGED}`;
  if (await markVoided(record._id, message, lease ? { by: lease.by } : {})) {
    await releaseHolds(record, held);
    if (cancelled || (await cancelAtProvider(provider, record.transactionId))) await markVoidSettled(record._id);
  }
  throw new HttpError(409, (await findIntent(record.transactionId))?.voided ?? message);
}

/**
 * Gives back a payment the provider charged whose order must not be recorded (its lines were
 * paid by another payment, or it was voided and charged anyway), with a record and the reason on
 * the intent. The reconciler tries again if the provider cannot be reached now.
 */
export async function refundUnrecorded(provider: PaymentProvider, record: IntentRecord, reason: string): Promise<void> {
  const made = await provider.refund(record.transactionId, toCents(record.price), `unrecorded-${record.transactionId}`, 1);
  await releaseHolds(record);
  await markVoidSettled(record._id, clockNow(), { at: clockNow(), cents: made.cents, providerId: made.id, reason });
  console.error(`[payments] ${record.transactionId} was charged but not recorded (${reason}); refunded ${made.cents} cents`);
}

/**
 * Settles an intent from the provider's account of it, holding the lease: hold, capture, record.
 * Answers the order, or throws what the diner is told.
 */
async function settleHolding(provider: PaymentProvider, record: IntentRecord, intent: ProviderIntent, lease: Settling): Promise<WithId<PaymentDoc>> {
  const paid = intent.status === 'succeeded';
  if (!paid && isExpired(record)) return voidIntent(provider, record, EXPIRED, { lease });
  const fixed = await fixFulfilment(record);
  const held: Hold[] = [];
  try {
    const context = { intent, paid, now: clockNow() };
    for (const hold of HOLDS) {
      held.push(hold);
      await hold.take(fixed, context);
    }
  } catch (err) {
    if (paid && err instanceof PaidElsewhere) {
      const message = `${err.message} This payment is refunded.`;
      // Voided first, so no other completion records it meanwhile; the money goes back, now or by the reconciler.
      await markVoided(fixed._id, message, { by: lease.by });
      await refundUnrecorded(provider, fixed, err.message).catch((failed: unknown) => console.error(`[payments] ${fixed.transactionId}: the refund of a payment not recorded waits for the reconciler`, failed));
      throw new HttpError(409, message);
    }
    if (!paid && err instanceof HttpError && err.status === 409) return voidIntent(provider, fixed, err.message, { lease, held });
    await releaseHolds(fixed, held);
    await dropSettling(fixed._id, lease, later(RETRY_MS));
    throw err;
  }
  if (!paid) {
    let captured: ProviderIntent;
    try {
      captured = await provider.captureIntent(fixed.transactionId);
    } catch (err) {
      // Captured all the same (its answer was lost): that is success.
      const now = await provider.retrieveIntent(fixed.transactionId).catch(() => null);
      if (now?.status !== 'succeeded') {
        await releaseHolds(fixed, held);
        await dropSettling(fixed._id, lease, later(RETRY_MS));
        throw err;
      }
      captured = now;
    }
    if (captured.status !== 'succeeded') {
      await dropSettling(fixed._id, lease, later(RETRY_MS));
      throw new HttpError(409, PROCESSING);
    }
  }
  return complete(fixed);
}

/**
 * Completes an intent from the provider's account of it (`intent`, retrieved now when not given):
 * an authorized card is captured once what its order needs is held (or voided when something is
 * refused); a card already charged is recorded. Safe to call from any number of places at once.
 * `wait: false` answers null at once when another confirmation is settling it (the webhook, which
 * Stripe would time out; the reconciler looks again when that one's lease runs out).
 */
export async function settle(record: IntentRecord, options: { intent?: ProviderIntent; wait?: boolean } = {}): Promise<WithId<PaymentDoc> | null> {
  const provider = providerFor(record.transactionId);
  const until = clockMs() + (options.wait === false ? 0 : WAIT_MS);
  let current = record;
  for (;;) {
    if (isPaid(current)) return complete(current);
    if (current.voided) throw new HttpError(409, current.voided);
    const intent = options.intent ?? (await provider.retrieveIntent(current.transactionId));
    switch (intent.status) {
      case 'open':
        if (isExpired(current)) return voidIntent(provider, current, EXPIRED);
        throw new HttpError(402, 'This payment has not gone through.');
      case 'processing':
        throw new HttpError(409, PROCESSING);
      case 'canceled':
        // Cancelled at the provider (an authorization left to expire): what it held goes to somebody else.
        return voidIntent(provider, current, 'This payment was cancelled.', { cancelled: true });
      case 'authorized':
      case 'succeeded': {
        assertMatches(current, intent);
        const taken = await takeSettling(current._id);
        if (taken) return settleHolding(provider, taken.record, intent, taken.lease);
        if (clockMs() >= until) {
          if (options.wait === false) return null;
          throw new HttpError(503, BEING_SETTLED);
        }
        await wait(100);
        current = (await findIntent(current.transactionId)) ?? current;
        options = { ...options, intent: undefined };
      }
    }
  }
}
