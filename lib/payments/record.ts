import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import type { PaymentDoc } from '@/lib/db/documents';
import { toCents } from '@/lib/menu/money';
import { findOrder } from '@/lib/orders/place';
import { normalizeEmail } from '@/lib/users/email';
import { findIntent, type IntentRecord } from './intents';
import type { PaymentBody } from './schemas';
import { settle } from './settle';
import type { PaymentResult } from './types';

/**
 * The diner's side of completing a payment: their own intent, settled (settle.ts) once the
 * provider says it was authorized or paid, answered as its order. POST /api/payments and the
 * demo card's confirmation both end here.
 */

export const NO_PAYMENT = 'No payment has this transaction id.';
const PRICE_DIFFERS = 'The price does not match this payment.';

/** The viewer's own intent; anybody else's is answered exactly like a made-up id. */
export async function ownIntent(viewer: Shopper, transactionId: string): Promise<IntentRecord> {
  const record = await findIntent(transactionId);
  if (!record || record.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  return record;
}

export function paymentResult(order: WithId<PaymentDoc>): PaymentResult {
  const _id = order._id.toHexString();
  return {
    paymentResult: { insertedId: _id },
    order: { _id, ...(order.number !== undefined ? { number: order.number } : {}), ...(order.fulfilment ? { fulfilment: order.fulfilment } : {}) },
  };
}

/** Settles the viewer's intent and answers its order: what the payment page shows. */
export async function settleOwn(record: IntentRecord): Promise<PaymentResult> {
  const order = await settle(record);
  // settle waits for another confirmation settling it unless told not to: an order or a refusal.
  if (!order) throw new HttpError(503, 'Your payment is being confirmed. It will be in your payment history shortly.');
  return paymentResult(order);
}

/**
 * A payment recorded before checkouts were kept apart from orders (or whose checkout's record has
 * since been deleted) has no intent, only its order: a replay of its save answers that order.
 */
async function orderWithoutIntent(viewer: Shopper, body: PaymentBody): Promise<WithId<PaymentDoc>> {
  const order = await findOrder(body.transactionId);
  if (!order || order.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  if (toCents(body.price) !== toCents(order.price)) throw new HttpError(409, PRICE_DIFFERS);
  return order;
}

/**
 * POST /api/payments, "save the payment" to its clients. It cannot create one: it records the
 * caller's intent once the provider confirms it was authorized or paid, and a replay answers the
 * same record.
 */
export async function recordPayment(viewer: Shopper, body: PaymentBody): Promise<PaymentResult> {
  authorize(viewer, 'guest');
  if (body.email !== undefined && normalizeEmail(body.email) !== normalizeEmail(viewer.email)) {
    throw new HttpError(403, 'You may only pay for your own cart.');
  }
  const record = await findIntent(body.transactionId);
  if (!record) return paymentResult(await orderWithoutIntent(viewer, body));
  if (record.ownerUid !== viewer.uid) throw new HttpError(404, NO_PAYMENT);
  if (toCents(body.price) !== toCents(record.price)) throw new HttpError(409, PRICE_DIFFERS);
  return settleOwn(record);
}
