import 'server-only';
import type { ObjectId, WithId } from 'mongodb';
import { assertOwnEmail, authorize, type Viewer } from '@/lib/auth/viewer';
import { collections, getDb, type AppCollection, type AppDb } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import type { Fulfilment } from '@/lib/fulfilment/types';
import { toCents } from '@/lib/menu/money';
import { orderWritten } from '@/lib/orders/feed/in-process';
import type { Payment } from './types';

/**
 * The `payments` collection holds intents and payments as one kind of record. An intent is a
 * payment that has not been paid yet: it already carries everything the payment will (email,
 * price, transaction id, the cart lines it covers) with status 'intent'. Completing it flips
 * that status to 'pending' in a single conditional update, which MongoDB (and the embedded
 * engine) apply atomically: however many confirmations race for one intent, exactly one flips
 * it and there is only ever one record to show. Intents never appear in a history.
 */

/** PaymentDoc plus the 'intent' status (the order statuses do not include it). */
export type PaymentRecordDoc = Omit<PaymentDoc, 'status'> & { status: PaymentDoc['status'] | 'intent' };
export type PaymentRecord = WithId<PaymentRecordDoc>;

const INTENT = 'intent';

// One index build per database handle; a failed build is retried on the next call.
const indexed = new WeakMap<AppDb, Promise<unknown>>();

async function records(): Promise<AppCollection<PaymentRecordDoc>> {
  const db = await getDb();
  let ready = indexed.get(db);
  if (!ready) {
    // A transaction id names one record, so a lookup by it can never pick the wrong one.
    ready = db.collection('payments').createIndex({ transactionId: 1 }, { unique: true });
    ready.catch(() => indexed.delete(db));
    indexed.set(db, ready);
  }
  await ready;
  // The collection is typed with PaymentDoc, whose status has no 'intent' yet: widen it here only.
  return db.collection('payments') as unknown as AppCollection<PaymentRecordDoc>;
}

export async function insertIntent(intent: Omit<PaymentRecordDoc, 'status' | 'data'>): Promise<PaymentRecord> {
  const doc: PaymentRecordDoc = { ...intent, data: new Date(), status: INTENT };
  const { insertedId } = await (await records()).insertOne(doc);
  return { ...doc, _id: insertedId };
}

export async function findRecord(transactionId: string): Promise<PaymentRecord | null> {
  return (await records()).findOne({ transactionId });
}

/** The owner's newest unpaid intent for exactly this amount and these cart lines, if any, unless it was voided. */
export async function findOpenIntent(ownerUid: string, price: number, cartIds: string[]): Promise<PaymentRecord | null> {
  return (await records()).findOne({ ownerUid, price, cartIds, status: INTENT, voided: { $exists: false } }, { sort: { _id: -1 } });
}

/** What the diner chose on a resumed intent, which its amount does not show: the subtotal and tip split, and how they get the food. */
export async function updateIntentChoices(
  _id: ObjectId,
  choices: Pick<PaymentRecordDoc, 'subtotalCents' | 'tipCents' | 'fulfilment'> & { tipPercent?: number },
): Promise<void> {
  const { tipPercent, ...rest } = choices;
  await (await records()).updateOne(
    { _id, status: INTENT },
    tipPercent === undefined ? { $set: rest, $unset: { tipPercent: '' } } : { $set: { ...rest, tipPercent } },
  );
}

/** Marks an unpaid intent voided, saying why, so whoever asks about it next is told. */
export async function markVoided(_id: ObjectId, reason: string): Promise<void> {
  await (await records()).updateOne({ _id, status: INTENT }, { $set: { voided: reason } });
}

export function isPaid(record: PaymentRecordDoc): boolean {
  return record.status !== INTENT;
}

/**
 * Turns the intent into a payment awaiting the kitchen, with the fulfilment its payment held
 * (the pickup slot taken). True for the one call that did it; that caller tells the kitchen
 * (`orderPaid`) once the order has its number.
 */
export async function markPaid(_id: ObjectId, fulfilment?: Fulfilment): Promise<boolean> {
  const paidAt = new Date();
  const paid = { status: 'pending' as const, data: paidAt, updatedAt: paidAt, ...(fulfilment ? { fulfilment } : {}) };
  const result = await (await records()).updateOne({ _id, status: INTENT }, { $set: paid });
  return result.modifiedCount === 1;
}

/** Tells the kitchen (the embedded engine's stream) about an order just paid and numbered. */
export async function orderPaid(_id: ObjectId): Promise<void> {
  await orderWritten(async () => (await collections()).payments.findOne({ _id }));
}

/** The viewer's payments, newest first; unpaid intents are not payments. `email` must be theirs. */
export async function listPayments(viewer: Viewer, email: string): Promise<Payment[]> {
  authorize(viewer);
  assertOwnEmail(viewer, email);
  const docs = await (await records())
    .find({ ownerUid: viewer.uid, status: { $ne: INTENT } })
    .sort({ data: -1, _id: -1 })
    .toArray();
  return docs.map((doc) => ({
    _id: doc._id.toHexString(),
    ...(doc.number !== undefined ? { number: doc.number } : {}),
    email: doc.email,
    price: doc.price,
    ...moneyOf(doc),
    transactionId: doc.transactionId,
    data: doc.data.toISOString(),
    cartIds: doc.cartIds,
    menuItemIds: doc.menuItemIds,
    ...(doc.lines ? { lines: doc.lines } : {}),
    ...(doc.fulfilment ? { fulfilment: doc.fulfilment } : {}),
    status: doc.status as PaymentDoc['status'],
  }));
}

/**
 * The food and the tip of a payment, in dollars. Payments from before tips have neither stored:
 * all they charged was food.
 */
export function moneyOf(doc: Pick<PaymentDoc, 'price' | 'subtotalCents' | 'tipCents' | 'tipPercent'>): { subtotal: number; tip: number; tipPercent?: number } {
  const tipCents = doc.tipCents ?? 0;
  const subtotalCents = doc.subtotalCents ?? toCents(doc.price) - tipCents;
  return { subtotal: subtotalCents / 100, tip: tipCents / 100, ...(doc.tipPercent !== undefined ? { tipPercent: doc.tipPercent } : {}) };
}
