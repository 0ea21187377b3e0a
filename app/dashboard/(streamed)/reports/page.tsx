import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReportPeriodChoice } from '@/components/reports/period-choice';
import { SalesReportView } from '@/components/reports/sales-report';
import { requirePage } from '@/lib/dashboard/guard';
import { periodDays, rangeRefusal, REPORT_PERIODS, type DayRange, type ReportPeriod } from '@/lib/reports/periods';
import { getSalesReport } from '@/lib/reports/sales';
import { clockNow } from '@/lib/settings/clock';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Reports' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The days asked for: `?from=&to=` when both are given, else a named `?period=` (today when absent
 * or unknown, as a page does not answer 400); with the reason when the range cannot be reported on.
 */
function rangeOf(query: Query, today: string): { range: DayRange; refusal: string | null } {
  const from = one(query.from);
  const to = one(query.to);
  if (from || to) {
    const range = { from: from ?? '', to: to ?? '' };
    return { range, refusal: rangeRefusal(range) };
  }
  const period = REPORT_PERIODS.find((p) => p === one(query.period)) ?? ('today' satisfies ReportPeriod);
  return { range: periodDays(period, today), refusal: null };
}

/** The sales of a period, read on the server per request from the daily rollups; printable as an end-of-day summary. */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const admin = await requirePage('/dashboard/reports');
  const { schedule, restaurant } = await getSettings();
  const today = zonedClock(clockNow(), schedule.timeZone).today;
  const { range, refusal } = rangeOf(await searchParams, today);
  const report = refusal ? null : await getSalesReport(admin, range);
  return (
    <section className="space-y-6">
      <div className="print:hidden">
        <PageHeading title="Reports" subtitle="Sales by day" />
      </div>
      <ReportPeriodChoice range={range} today={today} />
      {report ? (
        <SalesReportView report={report} restaurant={restaurant.name} />
      ) : (
        <p role="alert" className="rounded bg-red-50 px-4 py-3 text-red-900">
          These days cannot be reported on: {refusal}. Choose them again.
        </p>
      )}
    </section>
  );
}
