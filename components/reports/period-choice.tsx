import Link from 'next/link';
import { PERIOD_LABELS, periodDays, periodOf, REPORT_PERIODS, type DayRange } from '@/lib/reports/periods';

const chip = 'inline-flex min-h-11 items-center rounded-full border-2 px-4 py-2 text-sm font-semibold';
const field = 'min-h-11 rounded border border-gray-300 px-3 py-2';

/**
 * Which days the report covers: the named periods as links, and any range by a form of two dates.
 * Both are plain GET navigation, so each period is a page of its own that works without script.
 */
export function ReportPeriodChoice({ range, today }: { range: DayRange; today: string }) {
  const current = periodOf(range, today);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
      <nav aria-label="Period of the report" className="flex flex-wrap gap-2">
        {REPORT_PERIODS.map((period) => {
          const days = periodDays(period, today);
          return (
            <Link
              key={period}
              href={period === 'today' ? '/dashboard/reports' : `/dashboard/reports?period=${period}`}
              aria-current={period === current ? 'page' : undefined}
              title={days.from === days.to ? days.from : `${days.from} to ${days.to}`}
              className={`${chip} ${period === current ? 'border-ink bg-ink text-white' : 'border-gray-300 bg-white hover:border-ink'}`}
            >
              {PERIOD_LABELS[period]}
            </Link>
          );
        })}
      </nav>
      <form action="/dashboard/reports" method="get" aria-label="Any range of days" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm">
          From
          <input type="date" name="from" required defaultValue={range.from} max={today} className={field} />
        </label>
        <label className="flex flex-col text-sm">
          To
          <input type="date" name="to" required defaultValue={range.to} className={field} />
        </label>
        <button type="submit" className="min-h-11 rounded border-2 border-ink px-4 font-semibold hover:bg-cream">
          Show
        </button>
      </form>
    </div>
  );
}
