import type { ReactNode } from 'react';
import { PrintButton } from '@/components/ui/print-button';
import { formatCents } from '@/lib/menu/money';
import { formatDay } from '@/lib/reservations/calendar';
import type { SalesReport } from '@/lib/reports/types';

const cell = 'px-3 py-2 md:px-4';
const number = `${cell} text-right tabular-nums`;

/** The days of a report in words: one day, or the first and the last. */
function daysText({ from, to }: Pick<SalesReport, 'from' | 'to'>): string {
  return from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;
}

/** A table of figures with a caption and column headings; the first column names each row. */
function FigureTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm print:shadow-none">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">{caption}</caption>
        <thead className="text-xs tracking-wider text-gray-600 uppercase">
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i ? number : cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map(({ key, cells: [name, ...figures] }) => (
            <tr key={key}>
              <th scope="row" className={`${cell} font-normal`}>
                {name}
              </th>
              {figures.map((figure, i) => (
                <td key={i} className={number}>
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The headline figures, as a term and its amount. */
function Figures({ report }: { report: SalesReport }) {
  const figures: [string, string, string?][] = [
    ['Orders', String(report.orders), report.cancelled ? `${report.cancelled} cancelled since` : undefined],
    ['Gross sales', formatCents(report.grossSalesCents), 'Food and its tax when added on top, tips left out'],
    ['Tips', formatCents(report.tipsCents)],
    ['Refunds', formatCents(report.refundsCents), 'Given back in these days, whenever the order was paid'],
    ...(report.discountsCents ? ([['Discounts', formatCents(report.discountsCents)]] as [string, string][]) : []),
    ['Net', formatCents(report.netCents), 'Gross sales and tips, less refunds'],
  ];
  return (
    <dl aria-label="Sales figures" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3">
      {figures.map(([term, amount, note]) => (
        <div key={term} className="rounded-lg bg-white p-4 shadow-sm print:border print:shadow-none">
          <dt className="text-sm text-gray-600">{term}</dt>
          <dd className="font-display text-2xl font-bold tabular-nums">{amount}</dd>
          {note ? <dd className="text-xs text-gray-500">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * A sales report: the summary (headline figures, tax by rate, pickup against table, categories),
 * which is what prints, as the end-of-day summary on one page; then the sales by hour and by
 * dish, on screen only.
 */
export function SalesReportView({ report, restaurant }: { report: SalesReport; restaurant: string }) {
  const csv = `/api/reports/sales?from=${report.from}&to=${report.to}&format=csv`;
  const empty = report.orders === 0 && report.refundsCents === 0;
  const link = 'inline-flex min-h-11 items-center rounded border-2 border-ink px-4 font-semibold hover:bg-cream';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3 print:hidden">
        <a href={csv} download className={link}>
          Download CSV
        </a>
        <PrintButton>Print the summary</PrintButton>
      </div>
      <article data-print-sheet aria-labelledby="report-title" className="report-sheet space-y-4">
        <header>
          <h2 id="report-title" className="font-display text-xl uppercase md:text-2xl">
            Sales: {daysText(report)}
          </h2>
          <p className="text-sm text-gray-600">
            {restaurant}, days in {report.timeZone}. Sales count on the day they were paid, refunds on the day they were made.
          </p>
        </header>
        {empty ? (
          <p role="status" className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
            No order was paid and nothing was refunded in these days.
          </p>
        ) : (
          <>
            <Figures report={report} />
            <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2">
              <FigureTable
                caption="Tax by rate"
                columns={['Rate', 'On', 'Tax']}
                rows={
                  report.tax.length
                    ? report.tax.map((rate) => ({ key: `${rate.id} ${rate.percent}`, cells: [`${rate.name} ${rate.percent} %`, formatCents(rate.baseCents), formatCents(rate.cents)] }))
                    : [{ key: 'none', cells: ['No tax charged', '', formatCents(0)] }]
                }
              />
              <FigureTable
                caption="Pickup and table"
                columns={['Served', 'Orders', 'Sales']}
                rows={(['pickup', 'table'] as const).map((kind) => ({
                  key: kind,
                  cells: [kind === 'pickup' ? 'Pickup' : 'At a table', report.fulfilment[kind].orders, formatCents(report.fulfilment[kind].salesCents)],
                }))}
              />
            </div>
            {report.categories.length ? (
              <FigureTable
                caption="Sales by category"
                columns={['Category', 'Sold', 'Sales']}
                rows={report.categories.map((c) => ({ key: c.category, cells: [<span key="name" className="capitalize">{c.category}</span>, c.quantity, formatCents(c.salesCents)] }))}
              />
            ) : null}
          </>
        )}
      </article>
      {empty ? null : (
        <div className="grid gap-4 lg:grid-cols-2 print:hidden">
          <FigureTable
            caption="Sales by hour"
            columns={['Hour', 'Orders', 'Sales']}
            rows={report.hours.map((h) => ({ key: String(h.hour), cells: [`${String(h.hour).padStart(2, '0')}:00`, h.orders, formatCents(h.salesCents)] }))}
          />
          <FigureTable
            caption="Sales by dish"
            columns={['Dish', 'Sold', 'Sales']}
            rows={report.dishes.map((d) => ({ key: d.menuId, cells: [d.name, d.quantity, formatCents(d.salesCents)] }))}
          />
        </div>
      )}
    </div>
  );
}
