import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { randomBytes } from 'node:crypto';
import type { ObjectId, WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, getDb, toObjectId } from '@/lib/db';
import type { Actor, PaymentDoc, RefundDoc } from '@/lib/db/documents';
import { mailOrderRefund } from '@/lib/mail/outbox';
import { orderWritten } from '@/lib/orders/feed/in-process';
import { actorOf, afterStatusChange, refundedCentsOf, shapeOrders } from '@/lib/orders/orders';
import { releasePromoUse } from '@/lib/promos/uses';
import type { Order } from '@/lib/orders/types';
import { releaseStock } from '@/lib/menu/stock';
import { getSettings } from '@/lib/settings/store';
import { countRefunds } from '@/lib/stats/rollups';
import { PaymentError, type ProviderRefund } from './provider';
import { providerFor } from './providers';
import { mergeLines, paidCents, priceLines, roomRefusal, type LineRefund, type RefundableOrder } from './refund-pricing';
import type { RefundInput, RefundQuoteInput } from './schemas';

/**
 * Money given back after the sale: an admin refunds an amount or lines, a cancellation
 * (./cancel.ts) what is left. What a refund of lines gives back is ./refund-pricing.ts's. The rules:
 * - the refunds of an order never add up to more than was paid: each is reserved by ONE
 *   conditional write that adds its cents to `refundedCents` only while the sum stays within the
 *   price (and, for lines, only while each line has that many left), so of two admins refunding
 *   at once, the second is refused when the first took what was left;
 * - the provider is asked only after that write; a refusal or an outage marks the refund failed
 *   and gives its reservation back (nothing was refunded), and an admin may retry it;
 * - a refund stays reserved while its try is under way, for a lease: one with no answer after it
 *   (the server stopped mid-call) may be taken over, and is sent again as the same try; the
 *   provider first looks for a refund it made under our refund id, so it is made at most once;
 * - the order records who did it, and the diner is told (email, receipt, the order stream).
 */

const NOT_FOUND = 'No order has this id.';
/**
 * How long a try of a refund may take before a retry may take it over: longer than a provider
 * call can last (the Stripe client tries a request three times, each for up to 80 s).
 */
const REFUND_LEASE_MS = 5 * 60 * 1000;
export const leaseFrom = (now: Date) => new Date(now.getTime() + REFUND_LEASE_MS);
export const CANCELLED = 'Order cancelled';

export async function orderById(id: string): Promise<WithId<PaymentDoc>> {
  const _id = toObjectId(id);
  const order = _id ? await (await collections()).payments.findOne({ _id }) : null;
  if (!order) throw new HttpError(404, NOT_FOUND);
  return order;
}

/** What refunding these lines gives back, or the 400 or 409 saying why they cannot be refunded. */
function linesCents(order: RefundableOrder, lines: readonly LineRefund[]): number {
  const priced = priceLines(order, lines);
  if (!priced.ok) throw new HttpError(priced.status, priced.error);
  return priced.cents;
}

/** Matches the order while each line's refunded quantity is what it was when read (absent is 0). */
function linesAsRead(order: PaymentDoc): Record<string, unknown> {
  return Object.fromEntries(order.lines.map((line, i) => [`lines.${i}.refundedQuantity`, line.refundedQuantity || { $not: { $gt: 0 } }]));
}

/** What a refund of these lines adds to (1) or, failed, takes back from (-1) each line's refunded quantity. */
function lineIncrements(lines: readonly LineRefund[], sign: 1 | -1): Record<string, number> {
  return Object.fromEntries(lines.map(({ index, quantity }) => [`lines.${index}.refundedQuantity`, sign * quantity]));
}

/** Matches an order whose refunds, with `cents` more, stay within what was paid (absent is 0). */
const roomFor = (order: PaymentDoc, cents: number) => ({ refundedCents: { $not: { $gt: paidCents(order) - cents } } });

function leftToRefund(order: PaymentDoc, cents: number): void {
  const refused = roomRefusal(order, cents);
  if (refused) throw new HttpError(409, refused);
}

/** Counts the order's refunds that are done into the days they were made: each once, however often this runs. */
async function countInFigures(order: PaymentDoc): Promise<void> {
  await countRefunds(await getDb(), order, (await getSettings()).schedule.timeZone);
}

/**
 * Records a refund the provider made as done, with what it gave back, in one conditional write:
 * from pending, or from failed (a try answered failed while another one, taken over, went
 * through), taking its reservation again, since the money went back. What the provider gave back
 * is what counts: a try whose answer was lost gave the price of its day, which a failed refund of
 * lines priced again since may not have. Null when it was done already.
 */
async function markDone(order: WithId<PaymentDoc>, k: number, made: ProviderRefund, attempts?: number): Promise<WithId<PaymentDoc> | null> {
  const { payments } = await collections();
  const refund = order.refunds![k]!;
  const now = clockNow();
  const $set = {
    [`refunds.${k}.status`]: 'done',
    [`refunds.${k}.providerId`]: made.id,
    [`refunds.${k}.cents`]: made.cents,
    ...(attempts ? { [`refunds.${k}.attempts`]: attempts } : {}),
    [`refunds.${k}.doneAt`]: now,
    updatedAt: now,
  };
  const fromPending = await payments.findOneAndUpdate(
    { _id: order._id, [`refunds.${k}.status`]: 'pending', [`refunds.${k}.cents`]: refund.cents },
    { $set, $inc: { refundedCents: made.cents - refund.cents } },
    { returnDocument: 'after' },
  );
  if (fromPending) return fromPending;
  const inc = lineIncrements(refund.lines ?? [], 1);
  return payments.findOneAndUpdate(
    { _id: order._id, [`refunds.${k}.status`]: 'failed' },
    { $set, $unset: { [`refunds.${k}.error`]: '' }, $inc: { refundedCents: made.cents, ...inc } },
    { returnDocument: 'after' },
  );
}

/**
 * An order given back whole gives its promo code's use and its counted portions back; once, as
 * each names the payment. The money went back whatever this answers: a failure is healed by
 * Stripe's next charge.refunded.
 */
async function giveHoldsBackWhenWhole(order: PaymentDoc): Promise<void> {
  if (refundedCentsOf(order) < paidCents(order)) return;
  if (order.promo) await releasePromoUse(order);
  await releaseStock(order.transactionId);
}

/**
 * Asks the provider for a reserved refund (the `k`th of the order), and records what it answered.
 * A try that got no answer is not in `attempts`, so a takeover sends it again as the same try.
 */
export async function sendRefund(order: WithId<PaymentDoc>, k: number, notify: boolean): Promise<WithId<PaymentDoc>> {
  const { payments } = await collections();
  const refund = order.refunds![k]!;
  const attempts = (refund.attempts ?? 0) + 1;
  try {
    const made = await providerFor(order.transactionId).refund(order.transactionId, refund.cents, refund.id, attempts);
    const done = await markDone(order, k, made, attempts);
    // Done by another try meanwhile (a takeover, or Stripe's webhook), which counted it and told the diner.
    if (!done) return orderById(order._id.toHexString());
    // The money went back: a figures write that fails must not answer that the refund failed. The
    // next charge.refunded for the order, or `npm run rollups:rebuild`, counts it.
    await countInFigures(done).catch((err) => console.error(`[payments] refund ${refund.id} done but not counted in the figures`, err));
    await giveHoldsBackWhenWhole(done).catch((err) => console.error(`[payments] refund ${refund.id} done but its promo code's use or counted portions not given back`, err));
    if (notify) await mailOrderRefund(done, refund.id);
    await orderWritten(async () => done);
    return done;
  } catch (err) {
    const message = err instanceof HttpError ? err.message : 'The payment provider could not be reached.';
    if (!(err instanceof HttpError)) console.error(`[payments] refund ${refund.id} of ${order.transactionId} failed`, err);
    const inc = lineIncrements(refund.lines ?? [], -1);
    const failed = await payments.findOneAndUpdate(
      { _id: order._id, [`refunds.${k}.status`]: 'pending' },
      {
        $set: { [`refunds.${k}.status`]: 'failed', [`refunds.${k}.error`]: message, [`refunds.${k}.attempts`]: attempts, updatedAt: clockNow() },
        $inc: { refundedCents: -refund.cents, ...inc },
      },
      { returnDocument: 'after' },
    );
    if (failed) await orderWritten(async () => failed);
    throw new PaymentError(502, `The refund failed, and nothing was refunded: ${message} It can be retried.`, err instanceof PaymentError ? err.code : 'refund_failed');
  }
}

/** Reserves a new refund in one conditional write, then sends it: the order as it is after. */
async function refund(by: Actor, order: WithId<PaymentDoc>, cents: number, reason: string, lines: LineRefund[], notify: boolean): Promise<WithId<PaymentDoc>> {
  leftToRefund(order, cents);
  const at = clockNow();
  const entry: RefundDoc = { id: randomBytes(8).toString('hex'), cents, reason, at, status: 'pending', by, ...(lines.length ? { lines } : {}), attempts: 0, leaseUntil: leaseFrom(at) };
  const inc = lineIncrements(lines, 1);
  const reserved = await (await collections()).payments.findOneAndUpdate(
    { _id: order._id, ...roomFor(order, cents), ...(lines.length ? linesAsRead(order) : {}) },
    { $inc: { refundedCents: cents, ...inc }, $push: { refunds: entry }, $set: { updatedAt: entry.at } },
    { returnDocument: 'after' },
  );
  if (!reserved) {
    // Another refund took part of it meanwhile: say what is left now.
    const latest = await orderById(order._id.toHexString());
    if (lines.length) linesCents(latest, lines);
    leftToRefund(latest, cents);
    throw new HttpError(409, 'Another refund of this order was made at the same moment. Check the order and try again.');
  }
  return sendRefund(reserved, reserved.refunds!.length - 1, notify);
}

/** POST /api/orders/{id}/refunds: an admin gives back an amount, or lines, with a reason. */
export async function refundOrder(admin: Admin, id: string, input: RefundInput): Promise<Order> {
  authorize(admin, 'admin');
  const order = await orderById(id);
  const lines = mergeLines(input.lines ?? []);
  const cents = input.amountCents ?? linesCents(order, lines);
  return shapeOrders([await refund(actorOf(admin), order, cents, input.reason, lines, true)])[0]!;
}

/**
 * POST /api/orders/{id}/refunds/quote: what refunding these would give back now (for lines, what
 * was paid for them after the discount, with their tax), refused as the refund itself would be.
 * The admin sees it before confirming; the refund prices it again when it is made.
 */
export async function quoteRefund(admin: Admin, id: string, input: RefundQuoteInput): Promise<{ cents: number }> {
  authorize(admin, 'admin');
  const order = await orderById(id);
  const cents = input.amountCents ?? linesCents(order, mergeLines(input.lines ?? []));
  leftToRefund(order, cents);
  return { cents };
}

/**
 * POST /api/orders/{id}/refunds/{refundId}: a failed refund, sent again (reserved again first), or
 * a pending one whose try had no answer within its lease, taken over (one conditional write, so
 * one taker) and sent again as that same try: its reservation stands.
 */
export async function retryRefund(admin: Admin, id: string, refundId: string): Promise<Order> {
  authorize(admin, 'admin');
  const order = await orderById(id);
  const k = (order.refunds ?? []).findIndex((r) => r.id === refundId);
  const entry = order.refunds?.[k];
  if (!entry) throw new HttpError(404, 'This order has no refund with this id.');
  const { payments } = await collections();
  const now = clockNow();
  let reserved: WithId<PaymentDoc> | null;
  if (entry.status === 'pending') {
    reserved = await payments.findOneAndUpdate(
      { _id: order._id, [`refunds.${k}.status`]: 'pending', [`refunds.${k}.leaseUntil`]: { $not: { $gte: now } } },
      { $set: { [`refunds.${k}.leaseUntil`]: leaseFrom(now), updatedAt: now } },
      { returnDocument: 'after' },
    );
    if (!reserved) throw new HttpError(409, 'This refund is under way.');
  } else if (entry.status === 'failed') {
    const lines = entry.lines ?? [];
    // Lines are priced again: refunds of lines made while this one stood failed took its place in
    // the steps, and its old price would now give a cent too much or too little.
    const cents = lines.length ? linesCents(order, lines) : entry.cents;
    leftToRefund(order, cents);
    const inc = lineIncrements(lines, 1);
    reserved = await payments.findOneAndUpdate(
      { _id: order._id, [`refunds.${k}.status`]: 'failed', ...roomFor(order, cents), ...(lines.length ? linesAsRead(order) : {}) },
      {
        $set: { [`refunds.${k}.status`]: 'pending', [`refunds.${k}.cents`]: cents, [`refunds.${k}.leaseUntil`]: leaseFrom(now), updatedAt: now },
        $unset: { [`refunds.${k}.error`]: '' },
        $inc: { refundedCents: cents, ...inc },
      },
      { returnDocument: 'after' },
    );
    if (!reserved) throw new HttpError(409, 'This refund, or another of this order, changed meanwhile. Check the order and try again.');
  } else throw new HttpError(409, 'This refund is done.');
  const notify = entry.reason !== CANCELLED;
  const done = await sendRefund(reserved, k, notify);
  // A cancellation's refund taken over after a crash: what the cancellation does next may not have been done either.
  if (entry.reason === CANCELLED && done.status === 'cancelled') await afterStatusChange(done);
  return shapeOrders([done])[0]!;
}

/**
 * The payment's refunds at its provider join the order, each once, so its receipt and the figures
 * agree with the card (Stripe's `charge.refunded`, and the reconciler). Each is matched to ours by the refund id we tag it
 * with, or by its Stripe id: one of ours whose answer was lost (left pending or failed here) is
 * recorded done, not again; one made in Stripe's dashboard is recorded as a refund by "Stripe",
 * keyed by its Stripe id, so however often the webhook is delivered the sum never passes what was
 * paid. Then the order's refunds are counted into the figures, each once: those recorded here,
 * and any of ours whose count failed when it was made; and an order now given back whole gives its
 * promo code's use back.
 */
export async function recordProviderRefunds(intentId: string): Promise<void> {
  const { payments } = await collections();
  const order = await payments.findOne({ transactionId: intentId });
  if (!order) return;
  for (const made of await providerFor(intentId).refunds(intentId)) await recordProviderRefund(order._id, made);
  const latest = (await payments.findOne({ _id: order._id })) ?? order;
  await giveHoldsBackWhenWhole(latest);
  await countInFigures(latest);
}

async function recordProviderRefund(_id: ObjectId, made: ProviderRefund): Promise<void> {
  const { payments } = await collections();
  for (let tries = 0; tries < 5; tries++) {
    const order = await payments.findOne({ _id });
    if (!order) return;
    const k = (order.refunds ?? []).findIndex((r) => (made.refundId && r.id === made.refundId) || r.providerId === made.id);
    if (k >= 0) {
      const ours = order.refunds![k]!;
      if (ours.status === 'done' || ours.status === undefined) return;
      const done = await markDone(order, k, made);
      if (!done) continue;
      if (ours.reason !== CANCELLED) await mailOrderRefund(done, ours.id);
      await orderWritten(async () => done);
      return;
    }
    const entry: RefundDoc = { id: randomBytes(8).toString('hex'), cents: made.cents, reason: 'Refunded in Stripe', at: clockNow(), status: 'done', by: { name: 'Stripe' }, providerId: made.id };
    // A refund of ours under way holds its reservation: this one waits for its answer (the webhook is redelivered).
    const written = await payments.findOneAndUpdate(
      { _id, 'refunds.providerId': { $ne: made.id }, ...roomFor(order, made.cents) },
      { $inc: { refundedCents: made.cents }, $push: { refunds: entry }, $set: { updatedAt: entry.at } },
      { returnDocument: 'after' },
    );
    if (written) {
      await mailOrderRefund(written, entry.id);
      await orderWritten(async () => written);
      return;
    }
  }
  throw new HttpError(503, 'The order kept changing while Stripe refunds were recorded; the webhook will be delivered again.');
}
