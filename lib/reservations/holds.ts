import 'server-only';
import type { ReservationSettings } from '@/lib/settings/types';
import { collections, conditionalUpsert } from '@/lib/db';

/**
 * What one diner holds ahead: one document per diner listing their upcoming bookings (slot and
 * guests) with two counters beside them, how many and how many guests, like ./seats.ts keeps a
 * slot's seats. Taking a hold is ONE conditional upsert, "fewer bookings than the cap, and room
 * for this party under the seat cap" matched on the counters and the booking added and counted in
 * the same operation (the document made by the diner's first booking), so however many requests
 * one account sends at once it never holds more than its share: a document at the cap fails the
 * condition, and the unique `_id` refuses the upsert's attempt to make it again. Holds whose slot
 * has begun are dropped first, and their counts taken off with them: they are history.
 */

/** Slot keys ('YYYY-MM-DD HH:MM') compare as text in time order. */
export async function takeHold(
  ownerUid: string,
  hold: { bookingId: string; slot: string; guests: number },
  limits: ReservationSettings,
  nowSlot: string,
): Promise<boolean> {
  // Making the document does not test the condition: a party over the seat cap never fits.
  if (hold.guests > limits.upcomingSeats) return false;
  const { bookingHolds } = await collections();
  const current = await bookingHolds.findOne({ _id: ownerUid });
  for (const past of current?.holds.filter((h) => h.slot <= nowSlot) ?? []) await releaseHold(ownerUid, past.bookingId);
  const held = await conditionalUpsert(
    bookingHolds,
    { _id: ownerUid, bookings: { $lte: limits.upcomingBookings - 1 }, seats: { $lte: limits.upcomingSeats - hold.guests } },
    { $push: { holds: hold }, $inc: { bookings: 1, seats: hold.guests } },
    { _id: 1 },
  );
  return held !== null;
}

/** Gives a booking's hold back (cancelled, expired, or never saved): only the write that still finds it takes its counts off. Safe to repeat. */
export async function releaseHold(ownerUid: string, bookingId: string): Promise<void> {
  const { bookingHolds } = await collections();
  const held = (await bookingHolds.findOne({ _id: ownerUid }))?.holds.find((h) => h.bookingId === bookingId);
  if (!held) return;
  await bookingHolds.updateOne(
    { _id: ownerUid, holds: { $elemMatch: { bookingId, guests: held.guests } } },
    { $pull: { holds: { bookingId } }, $inc: { bookings: -1, seats: -held.guests } },
  );
}
