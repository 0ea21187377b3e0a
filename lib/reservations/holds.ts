import 'server-only';
import type { ReservationSettings } from '@/lib/settings/types';
import { collections, conditionalUpsert } from '@/lib/db';

/**
 * What one diner holds ahead: one document per diner listing their upcoming bookings (slot and
 * guests), like ./seats.ts keeps a slot's seats. Taking a hold is ONE conditional upsert, "fewer
 * bookings than the cap, and room for this party under the seat cap" matched and the booking
 * added in the same operation (the document made by the diner's first booking), so however many
 * requests one account sends at once it never holds more than its share: a document at the cap
 * fails the condition, and the unique `_id` refuses the upsert's attempt to make it again.
 * Holds whose slot has begun are dropped first: they are history.
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
  await bookingHolds.updateOne({ _id: ownerUid }, { $pull: { holds: { slot: { $lte: nowSlot } } } });
  const held = await conditionalUpsert(
    bookingHolds,
    {
      _id: ownerUid,
      [`holds.${limits.upcomingBookings - 1}`]: { $exists: false },
      $expr: { $lte: [{ $sum: '$holds.guests' }, limits.upcomingSeats - hold.guests] },
    },
    { $push: { holds: hold } },
    { _id: 1 },
  );
  return held !== null;
}

/** Gives a booking's hold back (cancelled, expired, or never saved). Safe to repeat. */
export async function releaseHold(ownerUid: string, bookingId: string): Promise<void> {
  const { bookingHolds } = await collections();
  await bookingHolds.updateOne({ _id: ownerUid }, { $pull: { holds: { bookingId } } });
}
