import { addDays, isCalendarDate } from '@/lib/reservations/calendar';

/**
 * The periods a report covers, as days of the restaurant's calendar (client-safe): the days are
 * dates, never instants, so a week or a month is the same whatever zone a browser is in, and a
 * day the clocks change is one day like any other. Where a day starts and ends is the server's
 * business (lib/pagination/days.ts).
 */

export const REPORT_PERIODS = ['today', 'yesterday', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const PERIOD_LABELS: Record<ReportPeriod, string> = { today: 'Today', yesterday: 'Yesterday', week: 'This week', month: 'This month' };

/** The longest range a report covers: three years of days, to the day before the same date three years on. */
export const MAX_YEARS = 3;

export interface DayRange {
  /** 'YYYY-MM-DD', both days included. */
  from: string;
  to: string;
}

/** Monday of the week `date` is in (weeks start on Monday, as ISO 8601 and most tills count them). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The days of a named period, ending today (on the restaurant's calendar). */
export function periodDays(period: ReportPeriod, today: string): DayRange {
  if (period === 'yesterday') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  if (period === 'week') return { from: mondayOf(today), to: today };
  if (period === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: today, to: today };
}

/** The same date `years` later; 29 February gives 1 March when that year has none. */
function yearsAfter(date: string, years: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at.toISOString().slice(0, 10);
}

/** Why a range cannot be reported on (a phrase, no full stop), or null when it can. */
export function rangeRefusal({ from, to }: DayRange): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'from and to must be dates, YYYY-MM-DD';
  if (from > to) return 'from must not be after to';
  if (to >= yearsAfter(from, MAX_YEARS)) return `a report covers at most ${MAX_YEARS} years: to must be before ${yearsAfter(from, MAX_YEARS)}`;
  return null;
}

/** Which named period a range is, if it is one, for the page to mark its choice. */
export function periodOf(range: DayRange, today: string): ReportPeriod | null {
  return REPORT_PERIODS.find((period) => {
    const days = periodDays(period, today);
    return days.from === range.from && days.to === range.to;
  }) ?? null;
}
