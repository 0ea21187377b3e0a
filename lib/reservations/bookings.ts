import 'server-only';
import type { ObjectId, WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import type { SessionClaims } from '@/lib/auth/session';
import { site } from '@/lib/config/site';
import { collections, toObjectId } from '@/lib/db';
import type { BookingDoc } from '@/lib/db/documents';
import { findUserByEmail, normalizeEmail } from '@/lib/users/users';
import type { BookingInput } from '@/lib/validation/reservation';
import { formatDay, hasStarted, restaurantClock, type RestaurantClock } from './calendar';
import { releaseSeats, seatsLeft, slotKey, takeSeats } from './seats';
import { ALLOWED_FROM, refusal, type StatusChange } from './status';
import type { Booking } from './types';

/** The one place bookings are read and written. Capacity is kept by ./seats.ts. */

function toBooking(doc: WithId<BookingDoc>, clock: RestaurantClock): Booking {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email,
    date: doc.date,
    time: doc.time,
    guests: doc.guests,
    phone: doc.phone,
    note: doc.note ?? '',
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    started: hasStarted(doc.date, doc.time, clock),
  };
}

/** Upcoming first, soonest first; then past ones, most recent first. */
function byRelevance(a: Booking, b: Booking): number {
  if (a.started !== b.started) return a.started ? 1 : -1;
  const order = `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);
  return a.started ? -order : order;
}

/**
 * Holds the seats, then writes the booking, as 'pending' until the restaurant confirms it. The
 * input must have passed `bookingSchema`: the slot exists and has not started.
 */
export async function createBooking(user: SessionClaims, input: BookingInput, now = new Date()): Promise<Booking> {
  const email = normalizeEmail(user.email);
  // The dashboard greets people by this same name: the session's, else the user record's.
  const name = user.name || (await findUserByEmail(email))?.name || email;
  const capacity = site.reservations.seatsPerSlot;
  const slot = slotKey(input.date, input.time);
  if (!(await takeSeats(slot, input.guests, capacity))) {
    const left = await seatsLeft(slot, capacity);
    const when = `${input.time} on ${formatDay(input.date)}`;
    throw new HttpError(
      409,
      left ? `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left at ${when}. Choose fewer guests or another time.` : `${when} is fully booked. Please choose another time.`,
    );
  }
  // Nothing that can fail stands between holding the seats and the insert, which gives them back.
  const doc: BookingDoc = {
    email,
    name,
    date: input.date,
    time: input.time,
    guests: input.guests,
    phone: input.phone,
    ...(input.note ? { note: input.note } : {}),
    status: 'pending',
    createdAt: now,
  };
  try {
    const { insertedId } = await (await collections()).bookings.insertOne(doc);
    return toBooking({ ...doc, _id: insertedId }, restaurantClock(now));
  } catch (err) {
    // The seats were held for a booking that does not exist: put them back on sale.
    await releaseSeats(slot, input.guests);
    throw err;
  }
}

/** One diner's bookings (by email), or every booking. */
export async function listBookings(owner: { email: string } | 'all', now = new Date()): Promise<Booking[]> {
  const { bookings } = await collections();
  const docs = await bookings.find(owner === 'all' ? {} : { email: normalizeEmail(owner.email) }).toArray();
  const clock = restaurantClock(now);
  return docs.map((doc) => toBooking(doc, clock)).sort(byRelevance);
}

function bookingId(id: string): ObjectId {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed booking id.');
  return _id;
}

const notFound = () => new HttpError(404, 'No booking has this id.');

/**
 * Confirms or cancels a booking, by the rules of ./status.ts. The update matches the statuses
 * the change may start from, so of two admins clicking at once only one changes it, and a
 * cancellation gives the seats back exactly once.
 */
export async function changeBookingStatus(
  actor: { email: string; admin: boolean },
  id: string,
  change: StatusChange,
  now = new Date(),
): Promise<Booking> {
  const _id = bookingId(id);
  const clock = restaurantClock(now);
  const { bookings } = await collections();
  const doc = await bookings.findOne({ _id });
  if (!doc) throw notFound();
  if (!actor.admin && doc.email !== normalizeEmail(actor.email)) throw new HttpError(403, 'You may only change your own bookings.');
  const refused = refusal(toBooking(doc, clock), change, actor.admin);
  if (refused) throw new HttpError(refused.status, refused.message);

  const { modifiedCount } = await bookings.updateOne({ _id, status: { $in: [...ALLOWED_FROM[change]] } }, { $set: { status: change, updatedAt: now } });
  if (modifiedCount !== 1) {
    // Somebody changed it between our read and our write: explain against what it is now.
    const current = await bookings.findOne({ _id });
    if (!current) throw notFound();
    throw new HttpError(409, refusal(toBooking(current, clock), change, true)?.message ?? 'This booking changed meanwhile. Reload and try again.');
  }
  // Should this fail, the slot is under-sold by this party, never over-sold.
  if (change === 'cancelled') await releaseSeats(slotKey(doc.date, doc.time), doc.guests);
  return toBooking({ ...doc, status: change, updatedAt: now }, clock);
}
