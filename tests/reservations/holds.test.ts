/**
 * Booking hoarding: one account cannot hold more than its share of upcoming bookings and seats,
 * however many requests it sends at once, and bookings the restaurant never confirms expire and
 * give their seats back.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as bookRoute } from '@/app/api/bookings/route';
import { collections } from '@/lib/db';
import { addDays } from '@/lib/reservations/calendar';
import { changeBookingStatus, createBooking, listAllBookings, listBookings } from '@/lib/reservations/bookings';
import { slotKey } from '@/lib/reservations/seats';
import { call } from '../support/http';
import { adminOf, makeAdmin, makeDiner, viewerOf } from '../support/people';
import { restaurantClock } from '../support/clock';
import { changeSettings } from '../support/settings';
import type { ReservationSettings } from '@/lib/settings/types';

const today = restaurantClock(new Date()).today;
let day = 10;
const nextDay = () => addDays(today, ++day);
const booking = (date: string, guests = 2, time = '19:00') => ({ date, time, guests, phone: '+1 555 010 2024' });

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/** The limits of a fresh database's settings, unless a test says otherwise. */
const setLimits = (limits: Partial<ReservationSettings> = {}) =>
  changeSettings((s) => {
    s.reservations = { ...s.reservations, upcomingBookings: 4, upcomingSeats: 24, pendingHours: 48, ...limits };
  });

beforeEach(() => setLimits());

async function seatsHeld(date: string, time = '19:00'): Promise<number> {
  const { bookingSlots } = await collections();
  return (await bookingSlots.findOne({ _id: slotKey(date, time) }))?.seats ?? 0;
}

describe('what one diner may hold', () => {
  it('refuses the booking past the cap on upcoming bookings, through the API, and holds no seat for it', async () => {
    const diner = await makeDiner();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call<{ error?: string }>(bookRoute, '/api/bookings', { as: diner, json: booking(nextDay()) }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 409]);
    expect(answers[4]!.body.error).toBe('One guest can hold at most 4 upcoming bookings and 24 seats ahead; this party of 2 would pass that. Cancel a booking first, or call us.');
    expect(await seatsHeld(addDays(today, day))).toBe(0);
  });

  it('refuses a party that would take the diner past the seat cap', async () => {
    const diner = await viewerOf(await makeDiner());
    await createBooking(diner, booking(nextDay(), 12));
    await createBooking(diner, booking(nextDay(), 10));
    await expect(createBooking(diner, booking(nextDay(), 3))).rejects.toMatchObject({ status: 409 });
    await createBooking(diner, booking(nextDay(), 2));
  });

  it('holds under 30 bookings sent at once: exactly the cap gets through', async () => {
    const diner = await viewerOf(await makeDiner());
    // Called directly, the bookings advance await by await together: a count-then-insert cap would let them all in.
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => createBooking(diner, booking(nextDay()))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect((await listBookings(diner)).items).toHaveLength(4);
  });

  it('gives the hold back when a booking is cancelled', async () => {
    const diner = await viewerOf(await makeDiner());
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createBooking(diner, booking(nextDay())));
    await expect(createBooking(diner, booking(nextDay()))).rejects.toMatchObject({ status: 409 });
    await changeBookingStatus(diner, made[0]!._id, 'cancelled');
    await createBooking(diner, booking(nextDay()));
  });

  it('counts only bookings still to come', async () => {
    await setLimits({ pendingHours: 720 }); // so that nothing here expires instead
    const diner = await viewerOf(await makeDiner());
    // Booked three days ago for yesterday evening: it has started, so it is history, not a hold.
    await createBooking(diner, booking(addDays(today, -1), 2, '21:30'), new Date(Date.now() - 3 * 86_400_000));
    for (let i = 0; i < 4; i++) await createBooking(diner, booking(nextDay()));
    await expect(createBooking(diner, booking(nextDay()))).rejects.toMatchObject({ status: 409 });
  });
});

describe('bookings the restaurant does not confirm in time', () => {
  it('expire, and give their seats and hold back; confirmed ones stay', async () => {
    const diner = await viewerOf(await makeDiner());
    const admin = await adminOf(await makeAdmin());
    const [stale, kept] = [nextDay(), nextDay()];
    const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000);
    const waiting = await createBooking(diner, booking(stale, 6), threeDaysAgo);
    const confirmed = await createBooking(diner, booking(kept, 4), threeDaysAgo);
    await changeBookingStatus(admin, confirmed._id, 'confirmed', threeDaysAgo);
    expect(await seatsHeld(stale)).toBe(6);

    const { items: all } = await listAllBookings(admin);
    expect(all.find((b) => b._id === waiting._id)?.status).toBe('expired');
    expect(all.find((b) => b._id === confirmed._id)?.status).toBe('confirmed');
    expect(await seatsHeld(stale)).toBe(0);
    expect(await seatsHeld(kept)).toBe(4);
    const { bookingHolds } = await collections();
    expect((await bookingHolds.findOne({ _id: diner.uid }))?.holds.map((h) => h.bookingId)).toEqual([confirmed._id]);
    await expect(changeBookingStatus(diner, waiting._id, 'cancelled')).rejects.toMatchObject({ status: 409, message: 'An expired booking cannot be cancelled.' });
  });

  it('stay pending within the time the restaurant has', async () => {
    const diner = await viewerOf(await makeDiner());
    const made = await createBooking(diner, booking(nextDay()), new Date(Date.now() - 47 * 3_600_000));
    expect((await listBookings(diner)).items.find((b) => b._id === made._id)?.status).toBe('pending');
  });
});
