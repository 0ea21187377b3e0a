import type { BookingHoldsDoc } from '../documents.ts';
import type { AppCollection } from '../types.ts';
import type { Migration } from './types.ts';

/** A diner's holds as they were: the list alone. */
type HoldsBefore = Omit<BookingHoldsDoc, 'bookings' | 'seats'> & Partial<Pick<BookingHoldsDoc, 'bookings' | 'seats'>>;

/**
 * The caps on a diner's upcoming bookings are checked against two counters beside their holds
 * (lib/reservations/holds.ts) instead of summing the holds in the condition: each document gets
 * them, counted from its holds.
 */
export const holdCounters: Migration = {
  id: '030-hold-counters',
  description: "a diner's holds get the counters their caps are checked against",
  async up(db) {
    const holds = db.collection('bookingHolds') as unknown as AppCollection<HoldsBefore>;
    for (const doc of await holds.find({ bookings: { $exists: false } }).toArray()) {
      const seats = doc.holds.reduce((sum, hold) => sum + hold.guests, 0);
      await holds.updateOne({ _id: doc._id, bookings: { $exists: false } }, { $set: { bookings: doc.holds.length, seats } });
    }
  },
};
