import 'server-only';
import { collections, conditionalUpsert } from '@/lib/db';

/**
 * The kitchen's capacity: the work held in each pickup slot, one counter document per
 * 'YYYY-MM-DD HH:MM', as lib/reservations/seats.ts counts a slot's seats. Work is counted in
 * kitchen load units: an order holds the sum of its dishes' loads (a pizza 2, a drink 0), and a
 * slot the capacity the settings give it. The counter is still called `orders`, as it was when
 * each order counted one (migration 025 gave those places their load of 1).
 *
 * Taking a slot is ONE conditional upsert: "room for this order's load, and not already held by
 * this payment" is matched and the count raised (with the payment's transaction id and load
 * recorded) in the same operation, which MongoDB and the embedded engine apply atomically; the
 * slot's first order makes its counter. However many payments race for the last place, the count
 * never passes the capacity; and a payment that takes or gives back its slot twice (a retried
 * confirmation, a webhook beside the browser) counts once. A counter that fails the condition is
 * not matched, and the unique `_id` refuses the upsert's attempt to make it again
 * (lib/db/conditional-upsert.ts): that refusal means no room, or already held by this payment.
 */

/** Holds the order's load in the slot for this payment; true when it is held (now or already), false when it does not fit. */
export async function takeSlot(slot: string, transactionId: string, load: number, capacity: number): Promise<boolean> {
  const { pickupSlots } = await collections();
  // Making the counter does not test the condition: an order bigger than a whole slot never fits.
  if (load > capacity) return false;
  const held = await conditionalUpsert(
    pickupSlots,
    { _id: slot, orders: { $lte: capacity - load }, intents: { $ne: transactionId } },
    { $inc: { orders: load }, $push: { intents: transactionId }, $set: { [`loads.${transactionId}`]: load } },
    { _id: 1 },
  );
  return held !== null || (await pickupSlots.countDocuments({ _id: slot, intents: transactionId })) === 1;
}

/**
 * Gives back the place this payment holds, wherever that is (a declined card, a voided intent, a
 * cancelled order): the slot is found by the payment, never by what a record says it chose. Safe
 * to repeat: only the update that still finds the payment in the slot takes its load off.
 */
export async function releaseSlot(transactionId: string): Promise<void> {
  const { pickupSlots } = await collections();
  const held = await pickupSlots.findOne({ intents: transactionId });
  if (!held) return;
  // Every place records its load when it is taken.
  const load = held.loads[transactionId]!;
  await pickupSlots.updateOne(
    { _id: held._id, intents: transactionId },
    { $inc: { orders: -load }, $pull: { intents: transactionId }, $unset: { [`loads.${transactionId}`]: '' } },
  );
}

/** The slot this payment holds, if any. */
export async function slotHeldBy(transactionId: string): Promise<string | null> {
  const { pickupSlots } = await collections();
  return (await pickupSlots.findOne({ intents: transactionId }, { projection: { _id: 1 } }))?._id ?? null;
}

/** Load held in each slot of a day, by time ('HH:MM'). */
export async function loadPerSlot(date: string): Promise<Map<string, number>> {
  const { pickupSlots } = await collections();
  const docs = await pickupSlots.find({ _id: { $gte: `${date} `, $lt: `${date}~` } }).toArray();
  return new Map(docs.map((doc) => [doc._id.slice(date.length + 1), doc.orders]));
}
