import 'server-only';
import { collections } from '@/lib/db';

/**
 * Order numbers: short, sequential, one per paid order, from one counter document
 * (`counters`, `_id: 'orderNumber'`): taking a number is one `$inc` that answers the value it
 * reached, so however many payments finish at once each gets a number of its own, with no retry.
 * The counter is made by the first payment that finds none, starting above the highest number
 * already given (read from the unique index on `payments.number`, so no scan), or below the first
 * number on a new database. A number is never given back: a crash between taking one and writing
 * it on its order skips it, the only way a gap appears.
 */

/** The first order's number: four digits from the start, so a ticket reads like one. */
export const FIRST_ORDER_NUMBER = 1001;
const COUNTER = 'orderNumber';

/** The next order number. */
export async function takeOrderNumber(): Promise<number> {
  const { counters } = await collections();
  const taken = await counters.findOneAndUpdate({ _id: COUNTER }, { $inc: { value: 1 } }, { returnDocument: 'after' });
  if (taken) return taken.value;
  await createCounter();
  return takeOrderNumber();
}

/** Makes the counter at the highest number given so far; racing makers agree, so one upsert settles them. */
async function createCounter(): Promise<void> {
  const { counters, payments } = await collections();
  const [highest] = await payments.find({ number: { $exists: true } }, { projection: { number: 1 } }).sort({ number: -1 }).limit(1).toArray();
  const value = Math.max(highest?.number ?? 0, FIRST_ORDER_NUMBER - 1);
  await counters.updateOne({ _id: COUNTER }, { $setOnInsert: { value } }, { upsert: true });
}
