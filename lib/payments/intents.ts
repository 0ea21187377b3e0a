import 'server-only';
import type { ObjectId, WithId } from 'mongodb';
import { collections, conditionalUpsert } from '@/lib/db';
import type { CheckoutIntentDoc } from '@/lib/db/documents';
import type { Fulfilment } from '@/lib/fulfilment/types';
import type { PaidCheckout } from '@/lib/orders/place';
import { clockNow } from '@/lib/settings/clock';

/**
 * Unpaid checkouts, in `checkout_intents`: what a payment will charge, for whom and for which cart
 * lines, from the moment the diner presses Pay. Completing the payment claims the intent, from
 * open to paid, in ONE conditional write: however many confirmations race (the browser, a
 * webhook, a second tab), exactly one claims it, and that one writes the order (lib/orders/place.ts).
 */

export type IntentRecord = WithId<CheckoutIntentDoc>;

/** How long a diner has to pay an intent: after that it is voided (at the provider too), and Pay opens a new one. */
export const INTENT_LIFETIME_MS = 60 * 60 * 1000;

export function isExpired(intent: CheckoutIntentDoc, now = clockNow()): boolean {
  return now.getTime() - intent.createdAt.getTime() > INTENT_LIFETIME_MS;
}

export async function insertIntent(intent: Omit<CheckoutIntentDoc, 'status' | 'createdAt'>): Promise<IntentRecord> {
  const doc: CheckoutIntentDoc = { ...intent, createdAt: clockNow(), status: 'open' };
  const { insertedId } = await (await collections()).checkout_intents.insertOne(doc);
  return { ...doc, _id: insertedId };
}

export async function findIntent(transactionId: string): Promise<IntentRecord | null> {
  return (await collections()).checkout_intents.findOne({ transactionId });
}

/** The owner's newest open intent for exactly this amount and these cart lines, if any, unless it was voided or has expired. */
export async function findOpenIntent(ownerUid: string, price: number, cartIds: string[], now = clockNow()): Promise<IntentRecord | null> {
  const { checkout_intents } = await collections();
  const fresh = { $gt: new Date(now.getTime() - INTENT_LIFETIME_MS) };
  return checkout_intents.findOne({ ownerUid, price, cartIds, status: 'open', voided: { $exists: false }, createdAt: fresh }, { sort: { _id: -1 } });
}

/** Open intents past their hour and not voided yet, oldest first, at most `limit`. */
export async function expiredIntents(now: Date, limit: number): Promise<IntentRecord[]> {
  const { checkout_intents } = await collections();
  const cutoff = new Date(now.getTime() - INTENT_LIFETIME_MS);
  return checkout_intents.find({ status: 'open', createdAt: { $lt: cutoff }, voided: { $exists: false } }).sort({ createdAt: 1 }).limit(limit).toArray();
}

/**
 * Claims the intent's cart lines for its payment, just before the money is taken: ONE conditional
 * update of the diner's claims document, matched only while no other payment claimed one of these
 * lines since this intent was opened. Of two intents over the same lines (two tabs, two tips)
 * confirmed at the same moment, exactly one claims them; the other is voided, not charged. A line
 * claimed before this intent was opened was paid for and left the cart, keeping only what that
 * payment did not cover (lib/cart/cart.ts), which this intent may cover. Claiming again for the
 * same payment succeeds. Answers false when another payment holds one of the lines.
 */
export async function claimLines(intent: IntentRecord): Promise<boolean> {
  if (!intent.cartIds.length) return true;
  const { lineClaims } = await collections();
  const now = clockNow();
  // A claim older than an intent's lifetime postdates no open intent's start: it can stop none.
  const stale = new Date(now.getTime() - INTENT_LIFETIME_MS);
  await lineClaims.updateOne({ _id: intent.ownerUid }, { $pull: { claims: { at: { $lt: stale } } } });
  const claimed = await conditionalUpsert(
    lineClaims,
    {
      _id: intent.ownerUid,
      claims: { $not: { $elemMatch: { cartId: { $in: intent.cartIds }, transactionId: { $ne: intent.transactionId }, at: { $gte: intent.createdAt } } } },
    },
    { $push: { claims: { $each: intent.cartIds.map((cartId) => ({ cartId, transactionId: intent.transactionId, at: now })) } } },
    { _id: 1 },
  );
  return claimed !== null;
}

/** Gives an intent's claim on its lines back: its money was not taken after all. Safe to repeat. */
export async function releaseLines(intent: IntentRecord): Promise<void> {
  await (await collections()).lineClaims.updateOne({ _id: intent.ownerUid }, { $pull: { claims: { transactionId: intent.transactionId } } });
}

/**
 * What the diner chose on a resumed intent, which its amount does not show: the subtotal and tip
 * split, and how they get the food. Only while no confirmation has fixed its fulfilment (one
 * conditional update): false once one has, and the caller opens a new intent instead.
 */
export async function updateIntentChoices(
  _id: ObjectId,
  choices: Pick<CheckoutIntentDoc, 'email' | 'name' | 'subtotalCents' | 'tipCents' | 'fulfilment' | 'kitchenLoad' | 'tipPercent' | 'tax' | 'promo'>,
): Promise<boolean> {
  const absent = (['name', 'tipPercent', 'tax', 'promo'] as const).filter((key) => choices[key] === undefined);
  const $set = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  const { matchedCount } = await (await collections()).checkout_intents.updateOne(
    { _id, status: 'open', fulfilmentFixed: { $exists: false } },
    absent.length ? { $set, $unset: Object.fromEntries(absent.map((key) => [key, ''])) } : { $set },
  );
  return matchedCount === 1;
}

/**
 * Fixes the intent's fulfilment before its place is held, and answers the intent as fixed: a
 * resumed intent changing its choices at the same moment either landed before (and is what is
 * answered) or is refused (and opens a new intent). Repeating it changes nothing.
 */
export async function fixFulfilment(intent: IntentRecord): Promise<IntentRecord> {
  const fixed = await (await collections()).checkout_intents.findOneAndUpdate(
    { _id: intent._id, status: 'open' },
    { $set: { fulfilmentFixed: true } },
    { returnDocument: 'after' },
  );
  return fixed ?? (await findIntent(intent.transactionId)) ?? intent;
}

/** Marks an open intent voided, saying why, so whoever asks about it next is told. */
export async function markVoided(_id: ObjectId, reason: string): Promise<void> {
  await (await collections()).checkout_intents.updateOne({ _id, status: 'open' }, { $set: { voided: reason } });
}

export function isPaid(intent: CheckoutIntentDoc): boolean {
  return intent.status === 'paid';
}

/**
 * Claims the open intent as paid, with the fulfilment its payment held (the pickup slot taken).
 * Answers it as claimed for the one call that did it, null for every other.
 */
export async function claimIntent(_id: ObjectId, fulfilment: Fulfilment | undefined): Promise<IntentRecord | null> {
  const now = clockNow();
  return (await collections()).checkout_intents.findOneAndUpdate(
    { _id, status: 'open' },
    { $set: { status: 'paid', paidAt: now, claimedAt: now, ...(fulfilment ? { fulfilment } : {}) } },
    { returnDocument: 'after' },
  );
}

/**
 * Claims the writing of a paid intent's order again, from a completion that claimed it more than
 * `leaseMs` ago and has not written it (it crashed): one conditional write, so one taker.
 */
export async function retakeIntent(_id: ObjectId, leaseMs: number): Promise<IntentRecord | null> {
  const now = clockNow();
  return (await collections()).checkout_intents.findOneAndUpdate(
    { _id, status: 'paid', claimedAt: { $lt: new Date(now.getTime() - leaseMs) } },
    { $set: { claimedAt: now } },
    { returnDocument: 'after' },
  );
}

/** What the order of a paid intent records: the intent's own fields, paid when it was claimed. */
export function paidCheckout(intent: IntentRecord): PaidCheckout {
  const { _id, ownerUid, email, name, price, transactionId, cartIds, menuItemIds, lines, subtotalCents, tipCents, tipPercent, tax, promo, fulfilment, paidAt } = intent;
  return {
    _id,
    ownerUid,
    email,
    ...(name ? { name } : {}),
    price,
    transactionId,
    data: paidAt ?? clockNow(),
    cartIds,
    menuItemIds,
    lines,
    subtotalCents,
    tipCents,
    ...(tipPercent !== undefined ? { tipPercent } : {}),
    ...(tax ? { tax } : {}),
    ...(promo ? { promo } : {}),
    ...(fulfilment ? { fulfilment } : {}),
  };
}
