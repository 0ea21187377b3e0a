import { addDays } from '@/lib/reservations/calendar';
import { zonedInstant } from '@/lib/settings/schedule';

/** The instant a day of the restaurant's calendar starts: its midnight, or its first hour when the clocks skip midnight. */
export function dayStart(date: string, timeZone: string): Date {
  return zonedInstant(date, 0, timeZone) ?? zonedInstant(date, 60, timeZone)!;
}

/**
 * `from` and `to` (days, both included) as a range of instants for a date field, or of ids made in
 * those days; null when neither is given.
 */
export function dayRange<T = Date>(range: { from?: string; to?: string }, timeZone: string, at: (instant: Date) => T = (instant) => instant as T): { $gte?: T; $lt?: T } | null {
  if (!range.from && !range.to) return null;
  return {
    ...(range.from ? { $gte: at(dayStart(range.from, timeZone)) } : {}),
    ...(range.to ? { $lt: at(dayStart(addDays(range.to, 1), timeZone)) } : {}),
  };
}
