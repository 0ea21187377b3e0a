import 'server-only';
import type { ReservationLimits } from '@/lib/config/site';
import { collections, isDuplicateKeyError } from '@/lib/db';

/**
 * What one diner holds ahead: one document per diner listing their upcoming bookings (slot and
 * guests), like ./seats.ts keeps a slot's seats. Taking a hold is ONE conditional update, "fewer
 * bookings than the cap, and room for this party under the seat cap" matched and the booking
 * added in the same operation, so however many requests one account sends at once it never
 * holds more than its share. Holds whose slot has begun are dropped first: they are history.
 */

/** Slot keys ('YYYY-MM-DD HH:MM') compare as text in time order. */
export async function takeHold(
  ownerUid: string,
  hold: { bookingId: string; slot: string; guests: number },
  limits: ReservationLimits,
  nowSlot: string,
): Promise<boolean> {
  const { bookingHolds } = await collections();
  try {
    await bookingHolds.insertOne({ _id: ownerUid, holds: [] });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  await bookingHolds.updateOne({ _id: ownerUid }, { $pull: { holds: { slot: { $lte: nowSlot } } } });
  const { modifiedCount } = await bookingHolds.updateOne(
    {
      _id: ownerUid,
      [`holds.${limits.upcomingBookings - 1}`]: { $exists: false },
      $expr: { $lte: [{ $sum: '$holds.guests' }, limits.upcomingSeats - hold.guests] },
    },
    { $push: { holds: hold } },
  );
  return modifiedCount === 1;
}

/** Gives a booking's hold back (cancelled, expired, or never saved). Safe to repeat. */
export async function releaseHold(ownerUid: string, bookingId: string): Promise<void> {
  const { bookingHolds } = await collections();
  await bookingHolds.updateOne({ _id: ownerUid }, { $pull: { holds: { bookingId } } });
}
