import { z } from 'zod';
import { site } from '@/lib/config/site';
import { BOOKING_WINDOW_DAYS, MAX_GUESTS, addDays, hasStarted, isCalendarDate, slotTimes, type RestaurantClock } from '@/lib/reservations/calendar';
import { STATUS_CHANGES } from '@/lib/reservations/status';

/**
 * Booking rules, written once: the reservation form (react-hook-form + zodResolver) and
 * POST /api/bookings parse with the same schema, so the browser shows the words the server
 * would answer. Whether a slot is still ahead depends on the clock, so the schema is made for
 * one: the server passes its own now; the form, the one the server rendered the page with.
 */

/** The slots a table can be booked for, from the opening hours of the site config. */
export const SLOT_TIMES = slotTimes(site.hours);
export const NOTE_MAX = 300;

// `abort`: a date or time that is not one says so alone, without the clock rules below.
const dateSchema = z.string({ error: 'Choose a date' }).refine(isCalendarDate, { message: 'Choose a date', abort: true });

const fields = z.object({
  date: dateSchema,
  time: z.string({ error: 'Choose a time' }).refine((time) => SLOT_TIMES.includes(time), {
    message: `Choose a time from ${SLOT_TIMES[0]} to ${SLOT_TIMES.at(-1)}, on the hour or half past`,
    abort: true,
  }),
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

/** POST /api/bookings: a slot that has not started yet, at most BOOKING_WINDOW_DAYS ahead of `clock`. */
export function bookingSchema(clock: RestaurantClock) {
  const lastDay = addDays(clock.today, BOOKING_WINDOW_DAYS);
  return fields
    .extend({
      date: dateSchema
        .refine((date) => date >= clock.today, 'That date has passed. Choose today or a later date.')
        .refine((date) => date <= lastDay, `Tables can be booked up to ${BOOKING_WINDOW_DAYS} days ahead.`),
    })
    .refine(({ date, time }) => date !== clock.today || !hasStarted(date, time, clock), {
      path: ['time'],
      message: 'That time has already passed today. Choose a later time.',
    });
}

/** PATCH /api/bookings/{id}. */
export const bookingStatusSchema = z.object({
  status: z.enum(STATUS_CHANGES, { error: `status must be one of ${STATUS_CHANGES.join(', ')}` }),
});

/** GET /api/bookings: the caller's own; `?all=1` (admins) every booking. */
export const bookingsQuerySchema = z.strictObject({
  all: z.literal('1', { error: 'all must be 1' }).optional(),
});
