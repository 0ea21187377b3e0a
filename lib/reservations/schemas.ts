import { z } from 'zod';
import { BOOKING_WINDOW_DAYS, MAX_GUESTS, SLOT_MINUTES, addDays, formatDay, hasStarted, isCalendarDate, type RestaurantClock } from '@/lib/reservations/calendar';
import { STATUS_CHANGES } from '@/lib/reservations/status';
import { clockText, existsOn, openSpans } from '@/lib/settings/schedule';
import type { Schedule } from '@/lib/settings/types';
import type { BookingStatus } from '@/lib/reservations/types';
import { dayRangeParams, dayRangeRefinement, pageParams } from '@/lib/pagination/schemas';

/**
 * Booking rules, written once: the reservation form (react-hook-form + zodResolver) and
 * POST /api/bookings parse with the same schema, so the browser shows the words the server
 * would answer. Whether a slot is still ahead depends on the clock, and which slots a day has on
 * the restaurant's hours, so the schema is made for both: the server passes its own now and
 * settings; the form, those the server rendered the page with.
 */

export const NOTE_MAX = 300;

/**
 * The seatings of `date`: every half hour on the clock with 30 minutes wholly inside the hours
 * that day (21:30 when closing at 22:00). A seating belongs to the date it starts on.
 */
export function bookingTimes(schedule: Schedule, date: string): string[] {
  const times: string[] = [];
  for (const { start, end } of openSpans(schedule, date)) {
    for (let t = Math.ceil(start / SLOT_MINUTES) * SLOT_MINUTES; t + SLOT_MINUTES <= end; t += SLOT_MINUTES) {
      if (existsOn(date, t, schedule.timeZone)) times.push(clockText(t));
    }
  }
  return times;
}

// `abort`: a date or time that is not one says so alone, without the clock rules below.
const dateSchema = z.string({ error: 'Choose a date' }).refine(isCalendarDate, { message: 'Choose a date', abort: true });

const fields = z.object({
  date: dateSchema,
  time: z.string({ error: 'Choose a time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Choose a time', abort: true }),
  guests: z
    .number({ error: 'Choose how many guests' })
    .int('Guests must be a whole number')
    .min(1, 'At least 1 guest')
    .max(MAX_GUESTS, `At most ${MAX_GUESTS} guests online; call us for a larger party`),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(25, 'Phone number is too long')
    .regex(/^\+?[\d\s().-]+$/, { message: 'Use digits, spaces and + ( ) - only', abort: true })
    .refine((phone) => (phone.match(/\d/g)?.length ?? 0) >= 6, 'Phone number is too short'),
  note: z.string({ error: 'Note must be text' }).trim().max(NOTE_MAX, `Note must be ${NOTE_MAX} characters or fewer`).optional(),
});

export type BookingInput = z.infer<typeof fields>;

/** POST /api/bookings: a seating the restaurant's hours have, not started yet, at most BOOKING_WINDOW_DAYS ahead of `clock`. */
export function bookingSchema(clock: RestaurantClock, schedule: Schedule) {
  const lastDay = addDays(clock.today, BOOKING_WINDOW_DAYS);
  return fields
    .extend({
      date: dateSchema
        .refine((date) => date >= clock.today, 'That date has passed. Choose today or a later date.')
        .refine((date) => date <= lastDay, `Tables can be booked up to ${BOOKING_WINDOW_DAYS} days ahead.`),
    })
    .superRefine(({ date, time }, ctx) => {
      const times = bookingTimes(schedule, date);
      if (!times.length) ctx.addIssue({ code: 'custom', path: ['date'], message: `We are closed on ${formatDay(date)}. Choose another date.` });
      else if (!times.includes(time)) ctx.addIssue({ code: 'custom', path: ['time'], message: `Choose a time from ${times[0]} to ${times.at(-1)}, on the hour or half past` });
      else if (date === clock.today && hasStarted(date, time, clock)) ctx.addIssue({ code: 'custom', path: ['time'], message: 'That time has already passed today. Choose a later time.' });
    });
}

/** PATCH /api/bookings/{id}. */
export const bookingStatusSchema = z.object({
  status: z.enum(STATUS_CHANGES, { error: `status must be one of ${STATUS_CHANGES.join(', ')}` }),
});

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const satisfies readonly BookingStatus[];

/**
 * GET /api/bookings: the caller's own; `?all=1` (admins) every booking. A page at a time, latest
 * day first, by `?status=` and by the day booked (`?from=`, `?to=`, both included).
 */
export const bookingsQuerySchema = z
  .strictObject({
    all: z.literal('1', { error: 'all must be 1' }).optional(),
    status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
    ...dayRangeParams,
    ...pageParams,
  })
  .refine(...dayRangeRefinement);

export type BookingsQuery = Omit<z.infer<typeof bookingsQuerySchema>, 'all'>;
