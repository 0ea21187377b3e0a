import 'server-only';
import type { WithId } from 'mongodb';
import { assertOwnEmail, authorize, type Shopper } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import type { PaymentDoc } from '@/lib/db/documents';
import { moneyOf, refundedCentsOf } from '@/lib/orders/orders';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import type { PageQuery } from '@/lib/pagination/schemas';
import type { Payment } from './types';

function toPayment(doc: WithId<PaymentDoc>): Payment {
  return {
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
  };
}

/** A page of the viewer's payments (a guest's too), newest first (GET /api/payments/{email}). `email` must be theirs. */
export async function listPayments(viewer: Shopper, email: string, page: PageQuery = {}): Promise<Paged<Payment>> {
  authorize(viewer, 'guest');
  assertOwnEmail(viewer, email);
  const { payments } = await collections();
  // The owner is in the cursor's scope: one diner's cursor reads nobody else's payments.
  const docs = await readPage(payments, { list: 'payments', scope: viewer.uid, filter: { ownerUid: viewer.uid }, key: 'data' }, page);
  return mapPage(docs, (rows) => rows.map(toPayment));
}
