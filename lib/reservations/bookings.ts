import 'server-only';
import { ObjectId, type WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import { authorize, type Admin, type Viewer } from '@/lib/auth/viewer';
import { collections, toObjectId, type Filter } from '@/lib/db';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import type { BookingDoc } from '@/lib/db/documents';
import { mailBookingChange } from '@/lib/mail/outbox';
import type { BookingInput, BookingsQuery } from '@/lib/reservations/schemas';
import { clockNow } from '@/lib/settings/clock';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import type { ReservationSettings } from '@/lib/settings/types';
import { formatDay, fromMinutes, hasStarted, type RestaurantClock } from './calendar';
import { releaseHold, takeHold } from './holds';
import { releaseSeats, seatsLeft, slotKey, takeSeats } from './seats';
import { ALLOWED_FROM, refusal, type StatusChange } from './status';
import type { Booking } from './types';

/**
 * The one place bookings are read and written. A slot's capacity is kept by ./seats.ts, what one
 * diner may hold by ./holds.ts; both are given back when a booking is cancelled or expires.
 */

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

/**
 * Bookings the restaurant has not confirmed within `pendingHours` expire, and their seats and
 * holds go back: otherwise an account could keep an evening booked just by never being answered.
 * Run before bookings are made or listed; the conditional update makes each expiry happen once.
 */
async function expireUnconfirmed(limits: ReservationSettings, now: Date): Promise<void> {
  const { bookings } = await collections();
  const cutoff = new Date(now.getTime() - limits.pendingHours * 3_600_000);
  for (const doc of await bookings.find({ status: 'pending', createdAt: { $lte: cutoff } }).toArray()) {
    const { modifiedCount } = await bookings.updateOne({ _id: doc._id, status: 'pending' }, { $set: { status: 'expired', updatedAt: now } });
    if (!modifiedCount) continue;
    await giveBack(doc);
    await mailBookingChange({ ...doc, status: 'expired', updatedAt: now });
  }
}

async function giveBack(doc: WithId<BookingDoc>): Promise<void> {
  // Should this fail, the slot is under-sold by this party, never over-sold.
  await releaseSeats(slotKey(doc.date, doc.time), doc.guests);
  if (doc.ownerUid) await releaseHold(doc.ownerUid, doc._id.toHexString());
}

function holdRefusal(limits: ReservationSettings, guests: number): HttpError {
  const bookings = `${limits.upcomingBookings} upcoming ${limits.upcomingBookings === 1 ? 'booking' : 'bookings'}`;
  return new HttpError(
    409,
    `One guest can hold at most ${bookings} and ${limits.upcomingSeats} seats ahead; this party of ${guests} would pass that. Cancel a booking first, or call us.`,
  );
}

/**
 * Holds the diner's share and the seats, then writes the booking, as 'pending' until the
 * restaurant confirms it. The input must have passed `bookingSchema`: the slot exists and has
 * not started.
 */
export async function createBooking(viewer: Viewer, input: BookingInput, now = clockNow()): Promise<Booking> {
  authorize(viewer);
  const { reservations: limits, schedule } = await getSettings();
  await expireUnconfirmed(limits, now);
  const clock = zonedClock(now, schedule.timeZone);
  const _id = new ObjectId();
  const bookingId = _id.toHexString();
  const slot = slotKey(input.date, input.time);
  const hold = { bookingId, slot, guests: input.guests };
  if (!(await takeHold(viewer.uid, hold, limits, slotKey(clock.today, fromMinutes(clock.minutes))))) {
    throw holdRefusal(limits, input.guests);
  }
  const capacity = limits.seatsPerSlot;
  if (!(await takeSeats(slot, input.guests, capacity))) {
    await releaseHold(viewer.uid, bookingId);
    const left = await seatsLeft(slot, capacity);
    const when = `${input.time} on ${formatDay(input.date)}`;
    throw new HttpError(
      409,
      left ? `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left at ${when}. Choose fewer guests or another time.` : `${when} is fully booked. Please choose another time.`,
    );
  }
  // Nothing that can fail stands between holding the seats and the insert, which gives them back.
  const doc: WithId<BookingDoc> = {
    _id,
    ownerUid: viewer.uid,
    email: viewer.email,
    // The name the dashboard greets them by, never the client's.
    name: viewer.name,
    date: input.date,
    time: input.time,
    guests: input.guests,
    phone: input.phone,
    ...(input.note ? { note: input.note } : {}),
    status: 'pending',
    createdAt: now,
  };
  try {
    await (await collections()).bookings.insertOne(doc);
  } catch (err) {
    // The seats and the hold were taken for a booking that does not exist: give them back.
    await giveBack(doc);
    throw err;
  }
  await mailBookingChange(doc);
  return toBooking(doc, clock);
}

/** A page of bookings, the latest day first (each screen orders a day's bookings by time), by status and day booked. */
async function bookingsWhere(owner: string | null, { limit, cursor, ...filters }: BookingsQuery, now: Date): Promise<Paged<Booking>> {
  const { reservations, schedule } = await getSettings();
  await expireUnconfirmed(reservations, now);
  const { bookings } = await collections();
  const clock = zonedClock(now, schedule.timeZone);
  const filter: Filter<BookingDoc> = {};
  if (owner) filter.ownerUid = owner;
  if (filters.status) filter.status = filters.status;
  if (filters.from || filters.to) filter.date = { ...(filters.from ? { $gte: filters.from } : {}), ...(filters.to ? { $lte: filters.to } : {}) };
  const page = await readPage(bookings, { list: 'bookings', scope: [owner, filters], filter, key: 'date' }, { limit, cursor });
  return mapPage(page, (docs) => docs.map((doc) => toBooking(doc, clock)));
}

/** A page of the viewer's own bookings. */
export async function listBookings(viewer: Viewer, query: BookingsQuery = {}, now = clockNow()): Promise<Paged<Booking>> {
  authorize(viewer);
  return bookingsWhere(viewer.uid, query, now);
}

/** A page of every booking, for the restaurant. */
export async function listAllBookings(admin: Admin, query: BookingsQuery = {}, now = clockNow()): Promise<Paged<Booking>> {
  authorize(admin, 'admin');
  return bookingsWhere(null, query, now);
}

function bookingObjectId(id: string): ObjectId {
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(400, 'Malformed booking id.');
  return _id;
}

const notFound = () => new HttpError(404, 'No booking has this id.');

/**
 * Confirms or cancels a booking, by the rules of ./status.ts: admins confirm or cancel any, the
 * owner cancels their own. The update matches the statuses the change may start from, so of two
 * admins clicking at once only one changes it, and a cancellation gives the seats back exactly once.
 */
export async function changeBookingStatus(viewer: Viewer, id: string, change: StatusChange, now = clockNow()): Promise<Booking> {
  authorize(viewer);
  const admin = hasRole(viewer.role, 'admin');
  const _id = bookingObjectId(id);
  const clock = zonedClock(now, (await getSettings()).schedule.timeZone);
  const { bookings } = await collections();
  const doc = await bookings.findOne({ _id });
  if (!doc) throw notFound();
  if (!admin && doc.ownerUid !== viewer.uid) throw new HttpError(403, 'You may only change your own bookings.');
  const refused = refusal(toBooking(doc, clock), change, admin);
  if (refused) throw new HttpError(refused.status, refused.message);

  const { modifiedCount } = await bookings.updateOne({ _id, status: { $in: [...ALLOWED_FROM[change]] } }, { $set: { status: change, updatedAt: now } });
  if (modifiedCount !== 1) {
    // Somebody changed it between our read and our write: explain against what it is now.
    const current = await bookings.findOne({ _id });
    if (!current) throw notFound();
    throw new HttpError(409, refusal(toBooking(current, clock), change, true)?.message ?? 'This booking changed meanwhile. Reload and try again.');
  }
  if (change === 'cancelled') await giveBack(doc);
  await mailBookingChange({ ...doc, status: change, updatedAt: now });
  return toBooking({ ...doc, status: change, updatedAt: now }, clock);
}
