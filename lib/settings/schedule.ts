import { addDays, fromMinutes, toMinutes, type RestaurantClock } from '@/lib/reservations/calendar';
import { WEEKDAYS, type Closure, type OpeningWindow, type Schedule, type WeekHours, type Weekday } from './types';

/**
 * When the restaurant is open, on the wall clock of its time zone. Pure and browser-safe: the
 * pages, the payment rules and the settings form reason about hours with the same code.
 *
 * A window belongs to the date it opens on. One that closes past midnight carries on into the
 * next date, so 'open on Saturday at 00:30' can be Friday's window; a closure or special hours of
 * a date replace that date's own windows only. Times that a change to summer time skips do not
 * exist that day; times it repeats are read once.
 */

export const DAY_MINUTES = 24 * 60;
const DAY_MS = 86_400_000;

/** A span of minutes from a date's midnight, `end` exclusive (past DAY_MINUTES for an overnight window). */
export interface Span {
  start: number;
  end: number;
}

/** The minutes a window spans from its date's midnight. */
export function windowSpan({ opens, closes, overnight }: OpeningWindow): Span {
  const start = toMinutes(opens);
  const end = toMinutes(closes);
  if (overnight) return { start, end: DAY_MINUTES + end };
  return { start, end: end === 0 ? DAY_MINUTES : end };
}

/** Sunday is 0, as Date counts. */
const BY_DATE_INDEX: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export function weekdayOf(date: string): Weekday {
  return BY_DATE_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

// ---- the zone's wall clock ----

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True for a time zone this runtime knows by its IANA name ('Europe/Paris'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** `now` on the wall clock of `timeZone`: its date, and minutes since that date's midnight. */
export function zonedClock(now: Date | number, timeZone: string): RestaurantClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(now)) parts[type] = value;
  return { today: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const minute = Math.floor(at / 60_000) * 60_000;
  const { today, minutes } = zonedClock(minute, timeZone);
  return wallAsUtc(today, minutes) - minute;
}

function wallAsUtc(date: string, minutes: number): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) + minutes * 60_000;
}

/**
 * The instant the wall clock of `timeZone` reads `minutes` past midnight of `date`; the earlier one
 * when it reads that twice (summer time ending), null when it never does (summer time starting).
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date | null {
  const wall = wallAsUtc(date, minutes);
  const offsets = new Set([offsetAt(wall - DAY_MS, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)]);
  const found = [...offsets]
    .map((offset) => wall - offset)
    .filter((at) => {
      const clock = zonedClock(at, timeZone);
      return clock.today === date && clock.minutes === minutes;
    })
    .sort((a, b) => a - b);
  return found.length ? new Date(found[0]!) : null;
}

/** Each date's skipped minutes, by zone and date: read for every pickup time a day offers. */
const skips = new Map<string, Span | null>();

/** The minutes of `date` a change of clocks skips: none on most days. */
function skippedOn(date: string, timeZone: string): Span | null {
  const key = `${timeZone} ${date}`;
  if (!skips.has(key)) {
    // Dates come and go; a few years of them is still a small map.
    if (skips.size > 5_000) skips.clear();
    skips.set(key, findSkipped(date, timeZone));
  }
  return skips.get(key)!;
}

function findSkipped(date: string, timeZone: string): Span | null {
  const start = wallAsUtc(date, 0);
  const before = offsetAt(start - DAY_MS / 2, timeZone);
  const after = offsetAt(start + DAY_MS * 1.5, timeZone);
  if (after <= before) return null;
  for (let minute = 0; minute < DAY_MINUTES; minute += 15) {
    if (zonedInstant(date, minute, timeZone) === null) {
      let end = minute;
      while (end < DAY_MINUTES && zonedInstant(date, end, timeZone) === null) end += 15;
      return { start: minute, end };
    }
  }
  return null;
}

/** False for a wall time the clocks skip on `date` (02:30 on the day summer time starts). */
export function existsOn(date: string, minutes: number, timeZone: string): boolean {
  const skipped = skippedOn(date, timeZone);
  return !skipped || minutes < skipped.start || minutes >= skipped.end;
}

// ---- which hours apply to a date ----

/** The closure that shuts `date`, if any. */
export function closureOn(schedule: Pick<Schedule, 'closures'>, date: string): Closure | undefined {
  return schedule.closures.find((closure) => closure.from <= date && date <= closure.to);
}

/** The windows that open on `date`: none in a closure, the special hours of the date, else its weekday's. */
export function windowsOn(schedule: Schedule, date: string): OpeningWindow[] {
  if (closureOn(schedule, date)) return [];
  const special = schedule.specialHours.find((s) => s.date === date);
  return special ? special.windows : schedule.hours[weekdayOf(date)];
}

/** The minutes of `date` the restaurant is open, the previous date's overnight windows included, merged and in order. */
export function openSpans(schedule: Schedule, date: string): Span[] {
  const spans: Span[] = [];
  for (const window of windowsOn(schedule, date)) {
    const { start, end } = windowSpan(window);
    spans.push({ start, end: Math.min(end, DAY_MINUTES) });
  }
  for (const window of windowsOn(schedule, addDays(date, -1))) {
    const { end } = windowSpan(window);
    if (end > DAY_MINUTES) spans.push({ start: 0, end: end - DAY_MINUTES });
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Open at this moment of the wall clock. */
export function isOpenAt(schedule: Schedule, clock: RestaurantClock): boolean {
  return openSpans(schedule, clock.today).some((span) => span.start <= clock.minutes && clock.minutes < span.end);
}

/** A moment on the wall clock. */
export interface WallTime {
  date: string;
  minutes: number;
}

/** How far ahead the hours are searched for the next opening: a closure of a season is found. */
const SEARCH_DAYS = 400;

/** When the restaurant next opens after `clock` (while closed), or null when it never does within a year. */
export function nextOpening(schedule: Schedule, clock: RestaurantClock): WallTime | null {
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const date = addDays(clock.today, i);
    const span = openSpans(schedule, date).find((s) => i > 0 || s.start > clock.minutes);
    // A span at midnight that continues the previous day's is no opening.
    if (span && !(span.start === 0 && openSpans(schedule, addDays(date, -1)).at(-1)?.end === DAY_MINUTES)) return { date, minutes: span.start };
  }
  return null;
}

/** When the stretch open at `clock` ends (following it past midnight), or null when it does not within a week. */
export function closingAfter(schedule: Schedule, clock: RestaurantClock): WallTime | null {
  let date = clock.today;
  let minutes = clock.minutes;
  for (let i = 0; i <= 7; i++) {
    const span = openSpans(schedule, date).find((s) => s.start <= minutes && minutes < s.end);
    if (!span) return i === 0 ? null : { date, minutes: 0 };
    if (span.end < DAY_MINUTES) return { date, minutes: span.end };
    date = addDays(date, 1);
    minutes = 0;
  }
  return null;
}

/** The instant of a wall time; a skipped one is taken as the first minute after the skip. */
export function instantOf({ date, minutes }: WallTime, timeZone: string): Date {
  for (let m = minutes; m < minutes + 180; m++) {
    const at = zonedInstant(date, m, timeZone);
    if (at) return at;
  }
  return new Date(wallAsUtc(date, minutes));
}

// ---- words ----

const longDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** 'today', 'tomorrow', 'Tuesday' within the week, else 'Saturday 3 January'. */
export function dayPhrase(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  const at = new Date(`${date}T00:00:00Z`);
  return date <= addDays(today, 6) ? longDay.format(at) : longDate.format(at);
}

/** 'HH:MM' of a wall time, midnight as 00:00. */
export const clockText = (minutes: number) => fromMinutes(minutes % DAY_MINUTES);

/** '11.00am', as the home page has always written hours. */
export function formatHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}.${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

const SHORT_DAYS: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

const isAllDay = (windows: OpeningWindow[]) => windows.length === 1 && windows[0]!.opens === '00:00' && windows[0]!.closes === '00:00' && !windows[0]!.overnight;

/** '11.00am to 10.00pm and 6.00pm to 1.00am', or 'open 24 hours', or 'closed'. */
export function windowsText(windows: OpeningWindow[]): string {
  if (!windows.length) return 'closed';
  if (isAllDay(windows)) return 'open 24 hours';
  return [...windows]
    .sort((a, b) => toMinutes(a.opens) - toMinutes(b.opens))
    .map((w) => `${formatHour(w.opens)} to ${formatHour(w.closes)}`)
    .join(' and ');
}

/** The week as a few lines, weekdays with the same hours together: 'Mon–Fri', '12.00pm to 2.30pm and …'. */
export function weekLines(hours: WeekHours): { days: string; hours: string }[] {
  const lines: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = windowsText(hours[day]);
    const last = lines.at(-1);
    if (last && last.hours === text) last.last = day;
    else lines.push({ first: day, last: day, hours: text });
  }
  return lines.map(({ first, last, hours: text }) => ({ days: first === last ? SHORT_DAYS[first] : `${SHORT_DAYS[first]}–${SHORT_DAYS[last]}`, hours: text }));
}

/**
 * The week in one line, under the home page's 'Order Online': 'From 11.00am to 10.00pm' when every
 * day keeps the same single window, else each group of days with its hours.
 */
export function weekText(hours: WeekHours): string {
  const lines = weekLines(hours);
  if (lines.length === 1) {
    const only = hours.monday;
    if (isAllDay(only)) return 'Open 24 hours, every day';
    if (only.length === 1) return `From ${formatHour(only[0]!.opens)} to ${formatHour(only[0]!.closes)}`;
    return `Daily ${lines[0]!.hours}`;
  }
  return lines.map((line) => `${line.days} ${line.hours}`).join('; ');
}
