import type { ObjectId } from 'mongodb';
import { toCents } from '../../menu/money.ts';
import type { AppCollection } from '../types.ts';
import { inBatches } from './batches.ts';
import type { Migration } from './types.ts';

/** What an order or a checkout from before tips kept of its money: the total, in dollars. */
interface MoneyBefore {
  _id: ObjectId;
  price: number;
  subtotalCents?: number;
  tipCents?: number;
}

/**
 * Orders (and unpaid checkouts) from before tips get their money in cents: all they charged was
 * food, so the subtotal is the price and the tip nothing.
 */
export const orderMoney: Migration = {
  id: '023-order-money',
  description: 'orders from before tips get their subtotal and tip in cents',
  async up(db) {
    for (const name of ['payments', 'checkout_intents'] as const) {
      const collection = db.collection(name) as unknown as AppCollection<MoneyBefore>;
      const lacking = await collection.find({ $or: [{ subtotalCents: { $exists: false } }, { tipCents: { $exists: false } }] }).toArray();
      await inBatches(lacking, (doc) => {
        const tipCents = doc.tipCents ?? 0;
        return collection.updateOne({ _id: doc._id }, { $set: { tipCents, subtotalCents: doc.subtotalCents ?? toCents(doc.price) - tipCents } });
      });
    }
  },
};
