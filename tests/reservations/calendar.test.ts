/** The time rules the booking form and the server share, on a fixed clock. */
import { describe, expect, it } from 'vitest';
import { addDays, formatDay, hasStarted, isCalendarDate } from '@/lib/reservations/calendar';
import { refusal } from '@/lib/reservations/status';
import { bookingSchema, bookingTimes } from '@/lib/reservations/schemas';
import { defaultSettings } from '@/lib/settings/defaults';
import type { Schedule } from '@/lib/settings/types';

const clock = { today: '2030-05-10', minutes: 13 * 60 + 5 }; // 13:05
const booking = { date: '2030-05-12', time: '19:00', guests: 2, phone: '+1 555 010 2024' };
/** A fresh database's hours: every day 11:00 to 22:00, in Paris. */
const schedule: Schedule = defaultSettings({ TZ: 'Europe/Paris' }).schedule;
const messageOf = (input: unknown, hours = schedule) => {
  const parsed = bookingSchema(clock, hours).safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};
const w = (opens: string, closes: string, overnight = false) => ({ opens, closes, overnight });

describe('bookingTimes', () => {
  it('offers every half hour that fits wholly inside opening hours', () => {
    const slots = bookingTimes(schedule, '2030-05-12');
    expect(slots[0]).toBe('11:00');
    expect(slots.at(-1)).toBe('21:30');
    expect(slots).toHaveLength(22);
  });

  it('keeps to the half hours of each window, none on a closed day, and a seating past midnight on its own date', () => {
    const hours = { ...schedule.hours, sunday: [w('11:15', '13:00'), w('22:00', '01:00', true)], monday: [] };
    const split = { ...schedule, hours };
    expect(bookingTimes(split, '2030-05-12')).toEqual(['11:30', '12:00', '12:30', '22:00', '22:30', '23:00', '23:30']);
    expect(bookingTimes(split, '2030-05-13')).toEqual(['00:00', '00:30']);
    expect(bookingTimes({ ...split, closures: [{ from: '2030-05-12', to: '2030-05-12', note: '' }] }, '2030-05-12')).toEqual([]);
  });
});

describe('calendar helpers', () => {
  it('does date arithmetic on the calendar', () => {
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(isCalendarDate('2030-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2030-5-1')).toBe(false);
    expect(formatDay('2030-05-12')).toBe('Sunday, 12 May 2030');
  });

  it('counts a slot as started from its first minute', () => {
    expect(hasStarted('2030-05-10', '13:00', clock)).toBe(true);
    expect(hasStarted('2030-05-10', '13:30', clock)).toBe(false);
    expect(hasStarted('2030-05-09', '21:30', clock)).toBe(true);
  });
});

describe('bookingSchema', () => {
  it('accepts a slot ahead, trimming the text', () => {
    expect(bookingSchema(clock, schedule).parse({ ...booking, phone: '  555-0102 24 ', note: ' window seat ' })).toEqual({
      ...booking,
      phone: '555-0102 24',
      note: 'window seat',
    });
    expect(messageOf({ ...booking, date: clock.today, time: '13:30' })).toBeNull();
  });

  it.each([
    ['a past date', { date: '2030-05-09' }, 'date: That date has passed. Choose today or a later date.'],
    ["today's past slot", { date: '2030-05-10', time: '13:00' }, 'time: That time has already passed today. Choose a later time.'],
    ['a date beyond the booking window', { date: addDays(clock.today, 91) }, 'date: Tables can be booked up to 90 days ahead.'],
    ['no such day', { date: '2030-02-30' }, 'date: Choose a date'],
    ['a time before opening', { time: '10:30' }, 'time: Choose a time from 11:00 to 21:30, on the hour or half past'],
    ['a time at closing', { time: '22:00' }, 'time: Choose a time from 11:00 to 21:30, on the hour or half past'],
    ['a time off the slots', { time: '19:15' }, 'time: Choose a time from 11:00 to 21:30, on the hour or half past'],
    ['no guests', { guests: 0 }, 'guests: At least 1 guest'],
    ['a party of 13', { guests: 13 }, 'guests: At most 12 guests online; call us for a larger party'],
    ['half a guest', { guests: 1.5 }, 'guests: Guests must be a whole number'],
    ['guests as text', { guests: '2' }, 'guests: Choose how many guests'],
    ['letters in the phone', { phone: 'call me' }, 'phone: Use digits, spaces and + ( ) - only'],
    ['a short phone', { phone: '12-34' }, 'phone: Phone number is too short'],
    ['a long note', { note: 'x'.repeat(301) }, 'note: Note must be 300 characters or fewer'],
  ])('refuses %s', (_name, change, message) => {
    expect(messageOf({ ...booking, ...change })).toBe(message);
  });

  it('refuses a day the restaurant is closed, by its hours or a closure', () => {
    const closedSundays = { ...schedule, hours: { ...schedule.hours, sunday: [] } };
    expect(messageOf(booking, closedSundays)).toBe('date: We are closed on Sunday, 12 May 2030. Choose another date.');
    const closure = { ...schedule, closures: [{ from: '2030-05-12', to: '2030-05-12', note: 'Private party' }] };
    expect(messageOf(booking, closure)).toBe('date: We are closed on Sunday, 12 May 2030. Choose another date.');
  });
});

describe('status rules', () => {
  const pending = { status: 'pending' as const, started: false };
  it('lets admins confirm pending bookings and cancel live ones', () => {
    expect(refusal(pending, 'confirmed', true)).toBeNull();
    expect(refusal({ status: 'confirmed', started: true }, 'cancelled', true)).toBeNull();
  });

  it('lets owners cancel only, and only before the slot starts', () => {
    expect(refusal(pending, 'cancelled', false)).toBeNull();
    expect(refusal(pending, 'confirmed', false)?.status).toBe(403);
    expect(refusal({ status: 'confirmed', started: true }, 'cancelled', false)?.status).toBe(409);
  });

  it('never revives a cancelled booking', () => {
    expect(refusal({ status: 'cancelled', started: false }, 'confirmed', true)).toEqual({ status: 409, message: 'A cancelled booking cannot be confirmed.' });
    expect(refusal({ status: 'cancelled', started: false }, 'cancelled', true)).toEqual({ status: 409, message: 'This booking is already cancelled.' });
    expect(refusal({ status: 'confirmed', started: false }, 'confirmed', true)).toEqual({ status: 409, message: 'This booking is already confirmed.' });
  });
});
