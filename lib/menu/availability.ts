import { addDays, toMinutes, type RestaurantClock } from '@/lib/reservations/calendar';
import { DAY_MINUTES, clockText, dayPhrase, instantOf, weekdayOf, windowSpan, zonedClock, type WallTime } from '@/lib/settings/schedule';
import { WEEKDAYS, type Weekday } from '@/lib/settings/types';
import type { MenuCategory, MenuSchedule, SelectedOption } from './types';

/**
 * Whether a dish (with the options chosen) can be had at a moment: the one rule for the menu and
 * order pages, the cart, the payment page and the server that takes the payment. Pure and
 * browser-safe, on a clock the caller passes, beside the opening hours' rules
 * (lib/settings/schedule.ts), whose wall clock and windows it reads with.
 *
 * A dish is judged at the time the order is for (the pickup slot chosen, or now for "as soon as
 * possible" and a table), by what the menu says (its section's schedule and its own, both of
 * which must serve) and what the kitchen says (an 86 until a time, what its count has left that
 * day). An option is judged the same way, and a dish is as available as the options chosen with it.
 */

/** Diners are told how many are left at this many or fewer. */
export const FEW_LEFT = 5;

/** What the kitchen says of a dish or an option now: taken off (86) until a time or until turned back on, and what its count has left. */
export interface LiveState {
  /** 86'd: back at `until` (an ISO instant), or only when turned back on (null). */
  off?: { until: string | null };
  /** Portions left on the day judged; absent when it is not counted. */
  left?: number;
}

export interface ChoiceAvailability extends LiveState {
  group: string;
  choice: string;
  schedule?: MenuSchedule;
}

export interface DishAvailability extends LiveState {
  category: MenuCategory;
  schedule?: MenuSchedule;
  /** The options that are scheduled, counted or 86'd. */
  options?: ChoiceAvailability[];
}

/**
 * GET /api/menu/availability: what changes with the clock or the count, for one day of the
 * restaurant's calendar (the counts are that day's). Dishes served whenever the restaurant is open,
 * uncounted and on are left out.
 */
export interface MenuAvailability {
  timeZone: string;
  date: string;
  sections: Partial<Record<MenuCategory, MenuSchedule>>;
  dishes: Record<string, DishAvailability>;
}

/**
 * The time an order is for: its pickup slot (a time the diner chose), or `now` for "as soon as
 * possible" and a table. Takes what the payment page chooses and what an order keeps.
 */
export function orderInstant(fulfilment: { kind: string; date?: string; time?: string; asap?: boolean } | undefined, timeZone: string, now: Date): Date {
  if (fulfilment?.kind !== 'pickup' || fulfilment.asap || !fulfilment.date || !fulfilment.time) return now;
  return instantOf({ date: fulfilment.date, minutes: toMinutes(fulfilment.time) }, timeZone);
}

// ---- schedules on the wall clock ----

/** The windows of `schedule` that open on `date`, as spans of minutes from its midnight (past DAY_MINUTES past midnight). */
function spansOn(schedule: MenuSchedule, date: string) {
  return schedule.days.includes(weekdayOf(date)) ? schedule.windows.map(windowSpan) : [];
}

/** True when `schedule` serves at this moment of the wall clock: in a window of the day, or in one past midnight of the day before. */
export function servedAt(schedule: MenuSchedule, clock: RestaurantClock): boolean {
  const { today, minutes } = clock;
  if (spansOn(schedule, today).some(({ start, end }) => start <= minutes && minutes < Math.min(end, DAY_MINUTES))) return true;
  return spansOn(schedule, addDays(today, -1)).some(({ end }) => end > DAY_MINUTES && minutes < end - DAY_MINUTES);
}

/** The first window of `schedule` to open after `clock`, within a week and a day. */
function nextStart(schedule: MenuSchedule, clock: RestaurantClock): WallTime | null {
  for (let i = 0; i <= 8; i++) {
    const date = addDays(clock.today, i);
    const starts = spansOn(schedule, date)
      .map((span) => span.start)
      .filter((start) => i > 0 || start > clock.minutes)
      .sort((a, b) => a - b);
    if (starts.length) return { date, minutes: starts[0]! };
  }
  return null;
}

/**
 * When every one of `schedules` next serves together, from `clock` on (within about a week), or
 * null when they never do. Each step moves to the next opening of one that does not serve yet,
 * which no common time can come before.
 */
export function nextServed(schedules: readonly MenuSchedule[], clock: RestaurantClock): WallTime | null {
  let at: RestaurantClock = clock;
  for (let step = 0; step < 64; step++) {
    const waiting = schedules.find((schedule) => !servedAt(schedule, at));
    if (!waiting) return { date: at.today, minutes: at.minutes };
    const next = nextStart(waiting, at);
    if (!next || next.date > addDays(clock.today, 8)) return null;
    at = { today: next.date, minutes: next.minutes };
  }
  return null;
}

// ---- the verdict ----

export type Verdict =
  | { ok: true; left?: number }
  | { ok: false; why: 'off'; until: string | null }
  | { ok: false; why: 'schedule'; from: WallTime | null }
  | { ok: false; why: 'count'; left: number };

/** One dish or option at `clock`, needing `quantity` of its count: 86'd, out of its hours, short, or fine (with what is left, when counted). */
function judge(live: LiveState, schedules: readonly MenuSchedule[], at: Date, clock: RestaurantClock, quantity: number): Verdict {
  if (live.off && (live.off.until === null || Date.parse(live.off.until) > at.getTime())) return { ok: false, why: 'off', until: live.off.until };
  if (!schedules.every((schedule) => servedAt(schedule, clock))) return { ok: false, why: 'schedule', from: nextServed(schedules, clock) };
  if (live.left !== undefined && live.left < quantity) return { ok: false, why: 'count', left: live.left };
  return live.left === undefined ? { ok: true } : { ok: true, left: live.left };
}

const defined = (schedules: (MenuSchedule | undefined)[]) => schedules.filter((s): s is MenuSchedule => s !== undefined);

/** The dish alone at `at`: its section's schedule and its own, its 86 and its count (`quantity` of it wanted). */
export function dishVerdict(availability: MenuAvailability, menuId: string, at: Date, quantity = 1): Verdict {
  const dish = availability.dishes[menuId];
  if (!dish) return { ok: true };
  const clock = zonedClock(at, availability.timeZone);
  return judge(dish, defined([availability.sections[dish.category], dish.schedule]), at, clock, quantity);
}

/** One choice of the dish at `at`, on its own (its section's and dish's schedules are the dish's verdict). */
export function choiceVerdict(availability: MenuAvailability, menuId: string, group: string, choice: string, at: Date, quantity = 1): Verdict {
  const entry = availability.dishes[menuId]?.options?.find((o) => o.group === group && o.choice === choice);
  if (!entry) return { ok: true };
  return judge(entry, defined([entry.schedule]), at, zonedClock(at, availability.timeZone), quantity);
}

// ---- words ----

/** An instant on the wall clock of `timeZone`. */
function wallOf(at: number, timeZone: string): WallTime {
  const { today, minutes } = zonedClock(at, timeZone);
  return { date: today, minutes };
}

/** 'at 18:00', 'tomorrow at 12:00', 'Saturday at 10:00', from the day of `today`. */
function whenPhrase(wall: WallTime, today: string): string {
  return wall.date === today ? `at ${clockText(wall.minutes)}` : `${dayPhrase(wall.date, today)} at ${clockText(wall.minutes)}`;
}

/** 'at 18:00', 'tomorrow at 12:00': an instant (ISO) on the restaurant's wall clock, from the day of `now`. */
export function instantPhrase(at: string, timeZone: string, now: Date): string {
  return whenPhrase(wallOf(Date.parse(at), timeZone), zonedClock(now, timeZone).today);
}

/** '18:00', 'tomorrow at 12:00': what follows "until". */
export function untilPhrase(at: string, timeZone: string, now: Date): string {
  return instantPhrase(at, timeZone, now).replace(/^at /, '');
}

/** 'from 11:30', 'from tomorrow at 07:00'. */
function fromPhrase(wall: WallTime, today: string): string {
  return wall.date === today ? `from ${clockText(wall.minutes)}` : `from ${dayPhrase(wall.date, today)} at ${clockText(wall.minutes)}`;
}

/**
 * The short line a diner reads on a card, beside a time they chose (or now): 'Sold out', 'Sold
 * out, back at 18:00', 'From tomorrow at 07:00', 'Only 3 left', or null when nothing needs saying.
 * `now` is the diner's clock, for 'today' and 'tomorrow'.
 */
export function verdictLine(verdict: Verdict, timeZone: string, now: Date): string | null {
  const today = zonedClock(now, timeZone).today;
  if (verdict.ok) return verdict.left !== undefined && verdict.left <= FEW_LEFT ? `Only ${verdict.left} left` : null;
  if (verdict.why === 'off') return verdict.until ? `Sold out, back ${whenPhrase(wallOf(Date.parse(verdict.until), timeZone), today)}` : 'Sold out';
  if (verdict.why === 'count') return verdict.left === 0 ? 'Sold out' : `Only ${verdict.left} left`;
  return verdict.from ? capitalise(fromPhrase(verdict.from, today)) : 'Not on the menu this week';
}

/** When a section not served at `at` is next: 'from 11:30', 'from tomorrow at 07:00'; null while it is served (or has no schedule). */
export function sectionFrom(availability: MenuAvailability, category: MenuCategory, at: Date, now: Date): string | null {
  const schedule = availability.sections[category];
  const clock = zonedClock(at, availability.timeZone);
  if (!schedule || servedAt(schedule, clock)) return null;
  const next = nextServed([schedule], clock);
  return next ? fromPhrase(next, zonedClock(now, availability.timeZone).today) : 'not this week';
}

/** 'today at 12:00', 'tomorrow at 08:30', 'Saturday at 10:00': a time chosen to order for. */
export function orderTimeText(time: { date: string; time: string }, timeZone: string, now: Date): string {
  return `${dayPhrase(time.date, zonedClock(now, timeZone).today)} at ${time.time}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A cart line or an order line, as far as availability goes. */
export interface LineToJudge {
  menuId: string;
  name: string;
  options: readonly SelectedOption[];
  quantity: number;
}

/**
 * Why each line cannot be had at `at`, by its index (the lines not there are fine): the words
 * the cart shows and the server answers with 409. Counts are shared by the lines: two lines of
 * the same dish need its count for both.
 */
export function lineProblems(availability: MenuAvailability, lines: readonly LineToJudge[], at: Date, now = at): Map<number, string> {
  const { timeZone } = availability;
  const today = zonedClock(now, timeZone).today;
  const wall = zonedClock(at, timeZone);
  const atWords = whenPhrase({ date: wall.today, minutes: wall.minutes }, today);
  const wanted = new Map<string, number>();
  const add = (key: string, quantity: number) => wanted.set(key, (wanted.get(key) ?? 0) + quantity);
  for (const line of lines) {
    add(line.menuId, line.quantity);
    for (const { group, choices } of line.options) for (const choice of choices) add(choiceKey(line.menuId, group, choice), line.quantity);
  }
  const problems = new Map<number, string>();
  lines.forEach((line, i) => {
    const why = (what: string, verdict: Verdict, remedy: string): string | null => {
      if (verdict.ok) return null;
      if (verdict.why === 'off') return `${what} is sold out${verdict.until ? ` until ${untilPhrase(verdict.until, timeZone, now)}` : ''}. ${remedy}`;
      if (verdict.why === 'count') return verdict.left === 0 ? `${what} is sold out. ${remedy}` : `Only ${verdict.left} of ${what} ${verdict.left === 1 ? 'is' : 'are'} left. Please order no more than that.`;
      const from = verdict.from ? ` (it is served ${fromPhrase(verdict.from, today)})` : '';
      return `${what} is not served ${atWords}${from}. Please choose another time, or remove it.`;
    };
    const dish = why(line.name, dishVerdict(availability, line.menuId, at, wanted.get(line.menuId)), 'Please remove it.');
    const choice = line.options
      .flatMap(({ group, choices }) => choices.map((choice) => ({ group, choice })))
      .map(({ group, choice }) =>
        why(`${choice} (${group}, ${line.name})`, choiceVerdict(availability, line.menuId, group, choice, at, wanted.get(choiceKey(line.menuId, group, choice))), 'Please choose again.'),
      )
      .find((problem) => problem !== null);
    const problem = dish ?? choice;
    if (problem) problems.set(i, problem);
  });
  return problems;
}

/** Where an option's count and 86 are kept: the dish, the group and the choice. */
export function choiceKey(menuId: string, group: string, choice: string): string {
  return `${menuId}:${encodeURIComponent(group)}:${encodeURIComponent(choice)}`;
}

const SHORT_DAYS: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

/** 'Daily 07:00–11:00', 'Mon–Fri 11:30–14:30', 'Sat, Sun 10:00–15:00 and 22:00–02:00': a schedule in a few words. */
export function scheduleText(schedule: MenuSchedule): string {
  const windows = [...schedule.windows]
    .sort((a, b) => windowSpan(a).start - windowSpan(b).start)
    .map((w) => `${w.opens}–${w.closes}`)
    .join(' and ');
  return `${daysText(schedule.days)} ${windows}`;
}

function daysText(days: readonly Weekday[]): string {
  if (days.length === 7) return 'Daily';
  const indexes = WEEKDAYS.map((day, i) => (days.includes(day) ? i : -1)).filter((i) => i >= 0);
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === i - 1) run.push(i);
    else runs.push([i]);
  }
  return runs.map((run) => (run.length >= 3 ? `${SHORT_DAYS[WEEKDAYS[run[0]!]!]}–${SHORT_DAYS[WEEKDAYS[run.at(-1)!]!]}` : run.map((i) => SHORT_DAYS[WEEKDAYS[i]!]).join(', '))).join(', ');
}
