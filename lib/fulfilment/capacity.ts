import 'server-only';
import { collections, conditionalUpsert } from '@/lib/db';

/**
 * The kitchen's capacity: orders held per pickup slot, one counter document per
 * 'YYYY-MM-DD HH:MM', as lib/reservations/seats.ts counts a slot's seats.
 *
 * Taking a slot is ONE conditional upsert: "fewer orders than the capacity, and not already held
 * by this payment" is matched and the count raised (with the payment's transaction id pushed) in
 * the same operation, which MongoDB and the embedded engine apply atomically; the slot's first
 * order makes its counter. However many payments race for the last place, the count never passes
 * the capacity; and a payment that takes or gives back its slot twice (a retried confirmation, a
 * webhook beside the browser) counts once. A counter that fails the condition is not matched, and
 * the unique `_id` refuses the upsert's attempt to make it again (lib/db/conditional-upsert.ts):
 * that refusal means the slot is full, or already held by this payment.
 */

/** Holds one order in the slot for this payment; true when it is held (now or already), false when the slot is full. */
export async function takeSlot(slot: string, transactionId: string, capacity: number): Promise<boolean> {
  const { pickupSlots } = await collections();
  const held = await conditionalUpsert(
    pickupSlots,
    { _id: slot, orders: { $lt: capacity }, intents: { $ne: transactionId } },
    { $inc: { orders: 1 }, $push: { intents: transactionId } },
    { _id: 1 },
  );
  return held !== null || (await pickupSlots.countDocuments({ _id: slot, intents: transactionId })) === 1;
}

/** Gives the payment's place in the slot back (a declined card, a voided intent, a cancelled order). Safe to repeat. */
export async function releaseSlot(slot: string, transactionId: string): Promise<void> {
  const { pickupSlots } = await collections();
  await pickupSlots.updateOne({ _id: slot, intents: transactionId }, { $inc: { orders: -1 }, $pull: { intents: transactionId } });
}

/** The slot this payment holds, if any. */
export async function slotHeldBy(transactionId: string): Promise<string | null> {
  const { pickupSlots } = await collections();
  return (await pickupSlots.findOne({ intents: transactionId }, { projection: { _id: 1 } }))?._id ?? null;
}

/** Orders held in each slot of a day, by time ('HH:MM'). */
export async function ordersPerSlot(date: string): Promise<Map<string, number>> {
  const { pickupSlots } = await collections();
  const docs = await pickupSlots.find({ _id: { $gte: `${date} `, $lt: `${date}~` } }).toArray();
  return new Map(docs.map((doc) => [doc._id.slice(date.length + 1), doc.orders]));
}
