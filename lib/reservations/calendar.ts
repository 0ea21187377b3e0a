/**
 * Reservation time: the restaurant's clock and date arithmetic. Pure and browser-safe, so the
 * booking form and the server reason about time with the same code.
 *
 * Times are the restaurant's wall clock, in the time zone of its settings (lib/settings). A
 * booking keeps the 'YYYY-MM-DD' and 'HH:MM' the diner chose, never a UTC instant, so it names
 * the same evening whatever zone a diner's browser is in.
 */

export const SLOT_MINUTES = 30;
/** How far ahead a table can be booked: far enough for planning, near enough to keep slots few. */
export const BOOKING_WINDOW_DAYS = 90;
export const MAX_GUESTS = 12;

export function toMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** 'HH:MM' for minutes since midnight. */
export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Now on the restaurant's wall clock: the date, and minutes since its midnight. */
export interface RestaurantClock {
  today: string;
  minutes: number;
}

/** A calendar date as a UTC midnight: date arithmetic that no zone or DST change can shift. */
function utcDate(date: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** True for 'YYYY-MM-DD' naming a day that exists (not 2025-02-30). */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && utcDate(date).toISOString().slice(0, 10) === date;
}

export function addDays(date: string, days: number): string {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** True once the slot has begun: a booking for it can no longer be made or cancelled online. */
export function hasStarted(date: string, time: string, clock: RestaurantClock): boolean {
  return date < clock.today || (date === clock.today && toMinutes(time) <= clock.minutes);
}

/** 'Saturday, 14 June 2025', the same in every browser zone (the date is a calendar day). */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utcDate(date),
  );
}
