import { addDays, formatDay, isCalendarDate, toMinutes, type RestaurantClock } from '@/lib/reservations/calendar';
import { closureOn, clockText, DAY_MINUTES, dayPhrase, existsOn, nextOpening, openSpans, zonedClock } from '@/lib/settings/schedule';
import type { Schedule } from '@/lib/settings/types';
import type { PickupRules } from './config';
import type { PickupDay } from './types';

/**
 * Pickup time: slots on the restaurant's wall clock (the time zone of its settings), every
 * `slotMinutes` on the clock inside its opening hours, from today to PICKUP_DAYS_AHEAD days ahead.
 * Pure and browser-safe, so the payment page and the server reason about slots with the same code.
 */

/** Today and the next seven days. */
export const PICKUP_DAYS_AHEAD = 7;

/** Where a slot's orders are counted: 'YYYY-MM-DD HH:MM', which sorts in time order. */
export function pickupSlotKey(date: string, time: string): string {
  return `${date} ${time}`;
}

/**
 * Every pickup time of `date` by the hours alone: on the slot grid, the whole slot inside an open
 * stretch (the last one ends at closing), none the clocks skip that day.
 */
export function pickupTimes(schedule: Schedule, date: string, slotMinutes: number): string[] {
  const times: string[] = [];
  for (const { start, end } of openSpans(schedule, date)) {
    for (let t = Math.ceil(start / slotMinutes) * slotMinutes; t + slotMinutes <= end; t += slotMinutes) {
      if (existsOn(date, t, schedule.timeZone)) times.push(clockText(t));
    }
  }
  return times;
}

/** The soonest moment food can be ready: now plus the preparation time, on the wall clock (summer time counted). */
function earliestReady(now: Date, rules: PickupRules): RestaurantClock {
  return zonedClock(now.getTime() + rules.prepMinutes * 60_000, rules.schedule.timeZone);
}

/** The days pickup can be scheduled for, today first. */
export function pickupDays(now: Date, rules: PickupRules): PickupDay[] {
  const today = zonedClock(now, rules.schedule.timeZone).today;
  return Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => {
    const date = addDays(today, i);
    const note = closureOn(rules.schedule, date)?.note;
    return { date, closed: pickupTimes(rules.schedule, date, rules.slotMinutes).length === 0, ...(note ? { note } : {}) };
  });
}

/** The pickup times of `date` a diner may still choose at `now`, before counting what is full. */
export function pickupTimesOn(date: string, now: Date, rules: PickupRules): string[] {
  const today = zonedClock(now, rules.schedule.timeZone).today;
  if (date < today || date > addDays(today, PICKUP_DAYS_AHEAD)) return [];
  const ready = earliestReady(now, rules);
  if (date < ready.today) return [];
  const times = pickupTimes(rules.schedule, date, rules.slotMinutes);
  return date === ready.today ? times.filter((time) => toMinutes(time) >= ready.minutes) : times;
}

/**
 * The times an order "as soon as possible" or at a table may take at `now`, soonest first: today's
 * still ahead, then, when the hours run on past midnight, tomorrow's times in that same open
 * stretch. So a restaurant open late keeps taking them after its last slot of the day has gone by
 * (the kitchen's next slot is then tomorrow's), and one that closes at midnight offers nothing more.
 */
export function soonestTimes(now: Date, rules: PickupRules): { date: string; time: string }[] {
  const today = zonedClock(now, rules.schedule.timeZone).today;
  const times = pickupTimesOn(today, now, rules).map((time) => ({ date: today, time }));
  const tomorrow = addDays(today, 1);
  const overnight = openSpans(rules.schedule, tomorrow)[0];
  if (openSpans(rules.schedule, today).at(-1)?.end !== DAY_MINUTES || overnight?.start !== 0) return times;
  const tonight = pickupTimesOn(tomorrow, now, rules).filter((time) => toMinutes(time) < overnight.end);
  return [...times, ...tonight.map((time) => ({ date: tomorrow, time }))];
}

/** 'from 12:00 to 14:15 and from 18:00 to 21:45': a day's pickup times as ranges. */
function rangesText(times: string[], slotMinutes: number): string {
  const ranges: [string, string][] = [];
  for (const time of times) {
    const last = ranges.at(-1);
    if (last && toMinutes(time) - toMinutes(last[1]) === slotMinutes) last[1] = time;
    else ranges.push([time, time]);
  }
  return ranges.map(([from, to]) => (from === to ? `at ${from}` : `from ${from} to ${to}`)).join(' and ');
}

/**
 * Why `time` on `date` cannot be chosen for pickup at `now` by the restaurant's hours and its
 * kitchen (a closure, outside the hours, passed, too soon), saying when it can; null when it can.
 * `date` has passed pickupDateRefusal and `time` is 'HH:MM'.
 */
export function pickupRefusal(date: string, time: string, now: Date, rules: PickupRules): string | null {
  const { schedule, slotMinutes, prepMinutes } = rules;
  const clock = zonedClock(now, schedule.timeZone);
  const times = pickupTimes(schedule, date, slotMinutes);
  if (!times.includes(time)) {
    const closure = closureOn(schedule, date);
    if (closure || !times.length) {
      const opening = nextOpening(schedule, { today: date, minutes: 24 * 60 - 1 });
      const why = closure?.note ? ` (${closure.note})` : '';
      const then = opening ? ` We open again ${dayPhrase(opening.date, clock.today)} at ${clockText(opening.minutes)}.` : '';
      return `We are closed on ${formatDay(date)}${why}.${then} Please choose another day.`;
    }
    return `We have no pickup at ${time} on ${formatDay(date)}: pickup that day is ${rangesText(times, slotMinutes)}. Please choose one of those times.`;
  }
  if (date === clock.today && toMinutes(time) <= clock.minutes) return 'That time has passed today. Please choose a later time.';
  if (!pickupTimesOn(date, now, rules).includes(time)) return `That time is too soon: the kitchen needs ${prepMinutes} minutes. Please choose a later time.`;
  return null;
}

/** Why `date` is not a day pickup can be asked about at `clock` (malformed, past, too far ahead), or null. */
export function pickupDateRefusal(date: string, clock: RestaurantClock): string | null {
  if (!isCalendarDate(date)) return 'Choose a pickup date (YYYY-MM-DD).';
  if (date < clock.today) return 'That date has passed. Choose today or a later day.';
  if (date > addDays(clock.today, PICKUP_DAYS_AHEAD)) return `Pickup can be scheduled up to ${PICKUP_DAYS_AHEAD} days ahead.`;
  return null;
}
