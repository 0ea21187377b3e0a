import 'server-only';
import { assertOwnEmail, authorize, type Shopper } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import { moneyOf, refundedCentsOf } from '@/lib/orders/orders';
import type { Payment } from './types';

/** The viewer's payments (a guest's too), newest first (GET /api/payments/{email}). `email` must be theirs. */
export async function listPayments(viewer: Shopper, email: string): Promise<Payment[]> {
  authorize(viewer, 'guest');
  assertOwnEmail(viewer, email);
  const { payments } = await collections();
  const docs = await payments.find({ ownerUid: viewer.uid }).sort({ data: -1, _id: -1 }).toArray();
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
    lines: doc.lines,
    ...(doc.fulfilment ? { fulfilment: doc.fulfilment } : {}),
    status: doc.status,
    ...(refundedCentsOf(doc) ? { refundedCents: refundedCentsOf(doc) } : {}),
  }));
}
