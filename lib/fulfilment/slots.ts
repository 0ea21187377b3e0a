import type { OpeningHours } from '@/lib/config/site';
import { addDays, formatDay, fromMinutes, isCalendarDate, toMinutes, type RestaurantClock } from '@/lib/reservations/calendar';
import type { ClosedDays, PickupRules } from './config';
import type { PickupDay } from './types';

/**
 * Pickup time: 15-minute slots on the restaurant's wall clock (the server's `TZ`, as bookings
 * use), from today to PICKUP_DAYS_AHEAD days ahead. Pure and browser-safe, so the payment page
 * and the server reason about slots with the same code.
 */

export const PICKUP_SLOT_MINUTES = 15;
/** Today and the next seven days. */
export const PICKUP_DAYS_AHEAD = 7;

const DAY_MINUTES = 24 * 60;

/** Where a slot's orders are counted: 'YYYY-MM-DD HH:MM', which sorts in time order. */
export function pickupSlotKey(date: string, time: string): string {
  return `${date} ${time}`;
}

/** The minute the kitchen stops handing food over; hours that close past midnight end at midnight, as bookings do. */
function closingMinute({ opens, closes }: OpeningHours): number {
  return toMinutes(closes) > toMinutes(opens) ? toMinutes(closes) : DAY_MINUTES;
}

/**
 * Every pickup time of an open day: on the quarter hour, inside opening hours, the last one
 * starting a slot before closing (21:45 when closing at 22:00).
 */
export function pickupTimes(hours: OpeningHours): string[] {
  const end = closingMinute(hours);
  const times: string[] = [];
  for (let t = Math.ceil(toMinutes(hours.opens) / PICKUP_SLOT_MINUTES) * PICKUP_SLOT_MINUTES; t + PICKUP_SLOT_MINUTES <= end; t += PICKUP_SLOT_MINUTES) {
    times.push(fromMinutes(t));
  }
  return times;
}

export function isClosedOn(date: string, closed: ClosedDays): boolean {
  return closed.dates.includes(date) || closed.weekdays.includes(new Date(`${date}T00:00:00Z`).getUTCDay());
}

/** The restaurant is open at this moment: an open day, within opening hours. */
export function isOpenAt(clock: RestaurantClock, rules: Pick<PickupRules, 'hours' | 'closed'>): boolean {
  return !isClosedOn(clock.today, rules.closed) && clock.minutes >= toMinutes(rules.hours.opens) && clock.minutes < closingMinute(rules.hours);
}

/** The soonest moment food can be ready: now plus the preparation time, which may fall on a later day. */
function earliestReady(clock: RestaurantClock, prepMinutes: number): { date: string; minutes: number } {
  const total = clock.minutes + prepMinutes;
  return { date: addDays(clock.today, Math.floor(total / DAY_MINUTES)), minutes: total % DAY_MINUTES };
}

/** The days pickup can be scheduled for, today first. */
export function pickupDays(clock: RestaurantClock, rules: Pick<PickupRules, 'closed'>): PickupDay[] {
  return Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => {
    const date = addDays(clock.today, i);
    return { date, closed: isClosedOn(date, rules.closed) };
  });
}

/** The pickup times of `date` a diner may still choose at `clock`, before counting what is full. */
export function pickupTimesOn(date: string, clock: RestaurantClock, rules: PickupRules): string[] {
  if (date < clock.today || date > addDays(clock.today, PICKUP_DAYS_AHEAD) || isClosedOn(date, rules.closed)) return [];
  const ready = earliestReady(clock, rules.prepMinutes);
  if (date < ready.date) return [];
  const times = pickupTimes(rules.hours);
  return date === ready.date ? times.filter((time) => toMinutes(time) >= ready.minutes) : times;
}

/** What is wrong with a pickup date and time, and which of the two it is about. */
export interface PickupRefusal {
  field: 'date' | 'time';
  message: string;
}

/** Why `date` and `time` cannot be chosen for pickup at `clock`, or null when they can. */
export function pickupRefusal(date: string, time: string, clock: RestaurantClock, rules: PickupRules): PickupRefusal | null {
  const dateRefusal = pickupDateRefusal(date, clock) ?? (isClosedOn(date, rules.closed) ? `We are closed on ${formatDay(date)}. Choose another day.` : null);
  if (dateRefusal) return { field: 'date', message: dateRefusal };
  const times = pickupTimes(rules.hours);
  if (!times.includes(time)) {
    const message = times.length ? `Choose a pickup time from ${times[0]} to ${times.at(-1)}, on the quarter hour.` : 'The restaurant has no pickup times.';
    return { field: 'time', message };
  }
  if (date === clock.today && toMinutes(time) <= clock.minutes) return { field: 'time', message: 'That time has passed today. Choose a later time.' };
  if (!pickupTimesOn(date, clock, rules).includes(time)) {
    return { field: 'time', message: `That time is too soon: the kitchen needs ${rules.prepMinutes} minutes. Choose a later time.` };
  }
  return null;
}

/** Why `date` is not a day pickup can be asked about at `clock` (malformed, past, too far ahead), or null. */
export function pickupDateRefusal(date: string, clock: RestaurantClock): string | null {
  if (!isCalendarDate(date)) return 'Choose a pickup date (YYYY-MM-DD).';
  if (date < clock.today) return 'That date has passed. Choose today or a later day.';
  if (date > addDays(clock.today, PICKUP_DAYS_AHEAD)) return `Pickup can be scheduled up to ${PICKUP_DAYS_AHEAD} days ahead.`;
  return null;
}
