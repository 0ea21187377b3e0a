import 'server-only';
import type { ObjectId, WithId } from 'mongodb';
import { assertOwnEmail, authorize, type Viewer } from '@/lib/auth/viewer';
import { collections, getDb, type AppCollection, type AppDb } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
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

/** The owner's newest unpaid intent for exactly this amount and these cart lines, if any. */
export async function findOpenIntent(ownerUid: string, price: number, cartIds: string[]): Promise<PaymentRecord | null> {
  return (await records()).findOne({ ownerUid, price, cartIds, status: INTENT }, { sort: { _id: -1 } });
}

export function isPaid(record: PaymentRecordDoc): boolean {
  return record.status !== INTENT;
}

/**
 * Turns the intent into a payment awaiting the kitchen, and tells the kitchen. True for the one
 * call that did it.
 */
export async function markPaid(_id: ObjectId): Promise<boolean> {
  const paidAt = new Date();
  const result = await (await records()).updateOne({ _id, status: INTENT }, { $set: { status: 'pending', data: paidAt, updatedAt: paidAt } });
  if (result.modifiedCount !== 1) return false;
  await orderWritten(async () => (await collections()).payments.findOne({ _id }));
  return true;
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
    email: doc.email,
    price: doc.price,
    transactionId: doc.transactionId,
    data: doc.data.toISOString(),
    cartIds: doc.cartIds,
    menuItemIds: doc.menuItemIds,
    ...(doc.lines ? { lines: doc.lines } : {}),
    status: doc.status as PaymentDoc['status'],
  }));
}
