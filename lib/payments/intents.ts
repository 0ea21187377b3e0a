import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { randomBytes } from 'node:crypto';
import type { ObjectId, WithId } from 'mongodb';
import { collections } from '@/lib/db';
import type { CheckoutIntentDoc } from '@/lib/db/documents';
import type { Fulfilment } from '@/lib/fulfilment/types';
import type { PaidCheckout } from '@/lib/orders/place';

/**
 * Checkouts, in `checkout_intents`: what a payment will charge, for whom and for which cart lines,
 * from the moment the diner presses Pay. Each write that moves one on is ONE conditional write:
 * - one confirmation at a time settles it (`takeSettling`, a lease), so whatever it holds for the
 *   order is its own to give back;
 * - completing it claims it, from open to paid (`claimIntent`): however many completions race,
 *   exactly one writes the order (lib/orders/place.ts);
 * - an intent that is not settled is voided, saying why, and never captured after that.
 * `reconcileAt` is when the background reconciler (./reconcile.ts) looks at it next; it is absent
 * once nothing is left to do, and `deleteAfter` says when the record may go.
 */

export type IntentRecord = WithId<CheckoutIntentDoc>;

/** How long a diner has to pay an intent: after that it is voided (at the provider too), and Pay opens a new one. */
export const INTENT_LIFETIME_MS = 60 * 60 * 1000;
/** How long a checkout's record is kept once it was paid and recorded, or voided: docs/payments.md says so. */
export const INTENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long one confirmation may take to settle an intent before another may take over: longer
 * than its calls to the provider can last (the Stripe client tries a request three times).
 */
export const SETTLE_LEASE_MS = 5 * 60 * 1000;
/** When an intent nobody settles is first looked at by the reconciler (a diner who closed the page after authorizing). */
const FIRST_LOOK_MS = 10 * 60 * 1000;

const after = (from: Date, ms: number) => new Date(from.getTime() + ms);
export const expiresAt = (intent: Pick<CheckoutIntentDoc, 'createdAt'>) => after(intent.createdAt, INTENT_LIFETIME_MS);

export function isExpired(intent: CheckoutIntentDoc, now = clockNow()): boolean {
  return now > expiresAt(intent);
}

export function isPaid(intent: CheckoutIntentDoc): boolean {
  return intent.status === 'paid';
}

export async function insertIntent(intent: Omit<CheckoutIntentDoc, 'status' | 'createdAt' | 'reconcileAt'>, now = clockNow()): Promise<IntentRecord> {
  const doc: CheckoutIntentDoc = { ...intent, createdAt: now, status: 'open', reconcileAt: after(now, FIRST_LOOK_MS) };
  const { insertedId } = await (await collections()).checkout_intents.insertOne(doc);
  return { ...doc, _id: insertedId };
}

export async function findIntent(transactionId: string): Promise<IntentRecord | null> {
  return (await collections()).checkout_intents.findOne({ transactionId });
}

/** The owner's open intents that are not voided, newest first: a cart has one, and one more while it is being paid. */
export async function openIntentsOf(ownerUid: string): Promise<IntentRecord[]> {
  const { checkout_intents } = await collections();
  return checkout_intents.find({ ownerUid, status: 'open', voided: { $exists: false } }).sort({ _id: -1 }).limit(20).toArray();
}

/**
 * What the diner chose on a resumed intent, which its amount does not show: the subtotal and tip
 * split, and how they get the food. Only while no confirmation has fixed its fulfilment (one
 * conditional update): false once one has, and the caller opens a new intent instead.
 */
export async function updateIntentChoices(
  _id: ObjectId,
  choices: Pick<CheckoutIntentDoc, 'email' | 'name' | 'subtotalCents' | 'tipCents' | 'fulfilment' | 'kitchenLoad' | 'tipPercent' | 'tax' | 'promo' | 'tableToken'>,
): Promise<boolean> {
  const absent = (['name', 'tipPercent', 'tax', 'promo', 'tableToken'] as const).filter((key) => choices[key] === undefined);
  const $set = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  const { matchedCount } = await (await collections()).checkout_intents.updateOne(
    { _id, status: 'open', voided: { $exists: false }, fulfilmentFixed: { $exists: false } },
    absent.length ? { $set, $unset: Object.fromEntries(absent.map((key) => [key, ''])) } : { $set },
  );
  return matchedCount === 1;
}

/** A settler's hold on an intent: who it is, so only it gives its lease back. */
export type Settling = { by: string };

/**
 * Takes the lease of settling the intent for this confirmation, in one conditional write: open,
 * not voided, and nobody else settling it (or their lease ran out: they stopped). Answers the
 * intent as taken, or null while another confirmation settles it. The reconciler looks at it
 * again when the lease runs out, should this one stop too.
 */
export async function takeSettling(_id: ObjectId, now = clockNow()): Promise<{ record: IntentRecord; lease: Settling } | null> {
  const lease = { by: randomBytes(8).toString('hex') };
  const until = after(now, SETTLE_LEASE_MS);
  const record = await (await collections()).checkout_intents.findOneAndUpdate(
    { _id, status: 'open', voided: { $exists: false }, 'settling.until': { $not: { $gt: now } } },
    { $set: { settling: { ...lease, until }, reconcileAt: until } },
    { returnDocument: 'after' },
  );
  return record ? { record, lease } : null;
}

/** Gives the lease back after a try that failed: the next confirmation (or the reconciler, at `retryAt`) may take it. */
export async function dropSettling(_id: ObjectId, lease: Settling, retryAt: Date): Promise<void> {
  await (await collections()).checkout_intents.updateOne({ _id, 'settling.by': lease.by }, { $unset: { settling: '' }, $set: { reconcileAt: retryAt } });
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

/**
 * Marks an open intent voided, saying why, so whoever asks about it next is told, and no
 * confirmation settles it after this write: none that holds the lease (`by`), or a lease that ran
 * out. True when this call voided it. The reconciler then makes sure the provider cancelled it
 * (`reconcileAt`: now), unless the caller says it has (`cancelled`).
 */
export async function markVoided(_id: ObjectId, reason: string, { by, cancelled = false, now = clockNow() }: { by?: string; cancelled?: boolean; now?: Date } = {}): Promise<boolean> {
  const unsettled = by ? { 'settling.by': by } : { 'settling.until': { $not: { $gt: now } } };
  const { modifiedCount } = await (await collections()).checkout_intents.updateOne(
    { _id, status: 'open', voided: { $exists: false }, ...unsettled },
    {
      $set: { voided: reason, voidedAt: now, ...(cancelled ? { deleteAfter: after(now, INTENT_RETENTION_MS) } : { reconcileAt: now }) },
      $unset: { settling: '', ...(cancelled ? { reconcileAt: '' } : {}) },
    },
  );
  return modifiedCount === 1;
}

/** The provider cancelled (or refunded) a voided intent, and what it held was given back: nothing is left to do but delete it in time. */
export async function markVoidSettled(_id: ObjectId, now = clockNow(), refunded?: CheckoutIntentDoc['refunded']): Promise<void> {
  await (await collections()).checkout_intents.updateOne(
    { _id, voided: { $exists: true } },
    { $unset: { reconcileAt: '', attention: '' }, $set: { deleteAfter: after(now, INTENT_RETENTION_MS), ...(refunded ? { refunded } : {}) } },
  );
}

/**
 * Claims the open intent as paid, with the fulfilment its payment held (the pickup slot taken).
 * Answers it as claimed for the one call that did it, null for every other.
 */
export async function claimIntent(_id: ObjectId, fulfilment: Fulfilment | undefined): Promise<IntentRecord | null> {
  const now = clockNow();
  return (await collections()).checkout_intents.findOneAndUpdate(
    { _id, status: 'open' },
    { $set: { status: 'paid', paidAt: now, claimedAt: now, reconcileAt: after(now, SETTLE_LEASE_MS), ...(fulfilment ? { fulfilment } : {}) }, $unset: { settling: '' } },
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

/** A paid intent whose order, emails and cart are all done: nothing left for the reconciler. */
export async function markRecorded(_id: ObjectId, now = clockNow()): Promise<void> {
  await (await collections()).checkout_intents.updateOne(
    { _id, status: 'paid' },
    { $unset: { reconcileAt: '', attention: '' }, $set: { deleteAfter: after(now, INTENT_RETENTION_MS) } },
  );
}

/** When the reconciler should look at the intent next, and what went wrong this time (the admin home shows it). */
export async function reconcileLater(_id: ObjectId, at: Date, problem?: string): Promise<void> {
  const { checkout_intents } = await collections();
  if (!problem) {
    await checkout_intents.updateOne({ _id, reconcileAt: { $exists: true } }, { $set: { reconcileAt: at } });
    return;
  }
  await checkout_intents.updateOne({ _id, reconcileAt: { $exists: true } }, { $set: { reconcileAt: at, 'attention.error': problem, 'attention.at': clockNow() }, $inc: { 'attention.tries': 1 } });
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
