import type { ObjectId } from 'mongodb';
import type { PaymentDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** An order's history as stored before every order kept it from its payment on, and when it last changed. */
interface HistoryBefore {
  _id: ObjectId;
  data: Date;
  statusHistory?: PaymentDoc['statusHistory'];
  updatedAt?: Date;
}

/**
 * Orders whose status history lacks its first step (pending, at payment), or is missing, get it;
 * orders without `updatedAt` get the time of their last change, which is what a client catching
 * up by time compares.
 */
export const orderHistory: Migration = {
  id: '024-order-history',
  description: 'orders get their whole status history and the time they last changed',
  async up(db) {
    const payments = db.collection('payments') as unknown as AppCollection<HistoryBefore>;
    const lacking = await payments
      .find(
        { $or: [{ statusHistory: { $exists: false } }, { 'statusHistory.0.status': { $ne: 'pending' } }, { updatedAt: { $exists: false } }] },
        { projection: { data: 1, statusHistory: 1, updatedAt: 1 } },
      )
      .toArray();
    await inBatches(lacking, (doc) => {
      const recorded = doc.statusHistory ?? [];
      const statusHistory = recorded[0]?.status === 'pending' ? recorded : [{ status: 'pending' as const, at: doc.data }, ...recorded];
      return payments.updateOne({ _id: doc._id }, { $set: { statusHistory, updatedAt: doc.updatedAt ?? statusHistory.at(-1)!.at } });
    });
  },
};
