import 'server-only';
import { collections, conditionalUpsert } from '@/lib/db';

/**
 * Seats held per slot: one counter document per 'YYYY-MM-DD HH:MM', changed only by $inc.
 *
 * Taking seats is ONE conditional upsert: "seats still leave room for this party" is matched
 * and the party added in the same operation, the counter made by the first booking of the slot.
 * MongoDB applies a single-document update atomically; the embedded store matches and writes in
 * one SQLite transaction (lib/docstore/collection.ts). So however many bookings race for a slot, the counter never passes the
 * capacity, with no lock and no transaction. A full slot's counter fails the condition, and the
 * upsert's attempt to make it again is what the unique `_id` refuses: that refusal means "full"
 * (lib/db/conditional-upsert.ts).
 */

export function slotKey(date: string, time: string): string {
  return `${date} ${time}`;
}

/** Adds the party to the slot if it fits; false when it does not. */
export async function takeSeats(slot: string, guests: number, capacity: number): Promise<boolean> {
  // Making the counter does not test the condition: a party larger than the room never fits.
  if (guests > capacity) return false;
  const { bookingSlots } = await collections();
  return (await conditionalUpsert(bookingSlots, { _id: slot, seats: { $lte: capacity - guests } }, { $inc: { seats: guests } }, { _id: 1 })) !== null;
}

/** Gives a party's seats back (a cancellation, or a booking that could not be saved). */
export async function releaseSeats(slot: string, guests: number): Promise<void> {
  const { bookingSlots } = await collections();
  await bookingSlots.updateOne({ _id: slot }, { $inc: { seats: -guests } });
}

export async function seatsLeft(slot: string, capacity: number): Promise<number> {
  const { bookingSlots } = await collections();
  const held = (await bookingSlots.findOne({ _id: slot }))?.seats ?? 0;
  return Math.max(0, capacity - held);
}
