import 'server-only';
import type { ObjectId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { collections, isDuplicateKeyError } from '@/lib/db';

/**
 * Order numbers: short, sequential, one per paid order. The number is unique by a sparse unique
 * index on the payments (lib/db/seed.ts), so numbering is compare-and-set against it: read the
 * highest number, write the next one on this order only if it has none yet, and when another
 * order took that number first (a duplicate key) read again. Nothing is reserved before it is
 * written, so no number is lost to a payment that raced another for the same intent or crashed,
 * and numbering the same order again changes nothing: any later completion of the payment heals
 * an order left without one.
 */

/** The first order's number: four digits from the start, so a ticket reads like one. */
export const FIRST_ORDER_NUMBER = 1001;
/** Far more than 50 payments finishing in the same instant need. */
const MAX_ATTEMPTS = 500;

/** The order's number, given now if it has none. */
export async function numberOrder(_id: ObjectId): Promise<number> {
  const { payments } = await collections();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await payments.findOne({ _id }, { projection: { number: 1 } });
    if (!order) throw new HttpError(404, 'No order has this id.');
    if (order.number !== undefined) return order.number;
    const [highest] = await payments.find({ number: { $exists: true } }, { projection: { number: 1 } }).sort({ number: -1 }).limit(1).toArray();
    const next = (highest?.number ?? FIRST_ORDER_NUMBER - 1) + 1;
    try {
      await payments.updateOne({ _id, number: { $exists: false } }, { $set: { number: next, updatedAt: new Date() } });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  throw new HttpError(503, 'Too many orders at once. Your payment is safe; its order number will follow.');
}
