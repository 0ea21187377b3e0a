import Link from 'next/link';
import { ICONS } from '@/components/dashboard/nav-links';
import { formatPrice } from '@/lib/menu/money';
import type { StatsPeriod } from '@/lib/stats/schemas';
import type { AdminStats } from '@/lib/stats/types';
import { CategoryCharts } from './category-charts-loader';

interface Card {
  label: string;
  value: string;
  note: string;
  icon: keyof typeof ICONS;
  tint: string;
}

function StatCard({ label, value, note, icon, tint }: Card) {
  return (
    <li className="flex items-center gap-4 rounded-lg bg-white p-5 shadow-sm">
      <span className={`grid h-12 w-12 shrink-0 place-items-center rounded-full ${tint}`}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-current">
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <div className="min-w-0">
        <p className="text-sm text-gray-600">{label}</p>
        <p className="font-display text-2xl font-bold tabular-nums">{value}</p>
        <p className="text-xs text-gray-500">{note}</p>
      </div>
    </li>
  );
}

function SalesTable({ categories }: { categories: AdminStats['categories'] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">Sales per category</caption>
        <thead className="text-xs tracking-wider text-gray-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Category</th>
            <th scope="col" className="px-4 py-3 text-right">Dishes sold</th>
            <th scope="col" className="px-4 py-3 text-right">Revenue</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {categories.map((c) => (
            <tr key={c.category}>
              <th scope="row" className="px-4 py-2 font-normal capitalize">{c.category}</th>
              <td className="px-4 py-2 text-right tabular-nums">{c.quantity}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatPrice(c.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PERIODS: { period: StatsPeriod; label: string }[] = [
  { period: 'today', label: 'Today' },
  { period: 'month', label: 'This month' },
  { period: 'all', label: 'All time' },
];

/** Which days the figures cover: links, so each period is a page of its own that works without script. */
function PeriodChoice({ current }: { current: StatsPeriod }) {
  return (
    <nav aria-label="Period of the figures" className="flex flex-wrap gap-2">
      {PERIODS.map(({ period, label }) => (
        <Link
          key={period}
          href={period === 'all' ? '/dashboard/adminHome' : `/dashboard/adminHome?period=${period}`}
          aria-current={period === current ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center rounded-full border-2 px-4 py-2 text-sm font-semibold ${period === current ? 'border-ink bg-ink text-white' : 'border-gray-300 bg-white hover:border-ink'}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The admin home figures over a period: the period's choice, five stat cards, then sales per category as charts and as a table. */
export function AdminOverview({ stats }: { stats: AdminStats }) {
  const when = PERIODS.find((p) => p.period === stats.period)!.label.toLowerCase();
  const cards: Card[] = [
    { label: 'Net sales', value: formatPrice(stats.net), note: `Food and tips paid, less ${formatPrice(stats.refunds)} refunded, ${when}`, icon: 'wallet', tint: 'bg-amber-100 text-amber-900' },
    { label: 'Tips', value: formatPrice(stats.tips), note: `On top of the food (${formatPrice(stats.revenue)}), ${when}`, icon: 'star', tint: 'bg-violet-100 text-violet-900' },
    { label: 'Customers', value: String(stats.customers), note: 'Registered users', icon: 'users', tint: 'bg-blue-100 text-blue-900' },
    { label: 'Menu items', value: String(stats.menuItems), note: 'Dishes on the menu', icon: 'list', tint: 'bg-green-100 text-green-900' },
    { label: 'Orders', value: String(stats.orders), note: `Paid ${when}, ${stats.cancelled} of them cancelled`, icon: 'bag', tint: 'bg-rose-100 text-rose-900' },
  ];
  return (
    <div className="space-y-8">
      <PeriodChoice current={stats.period} />
      <ul aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} />
        ))}
      </ul>
      <section aria-labelledby="sales-heading" className="space-y-4">
        <h2 id="sales-heading" className="font-display text-2xl uppercase">
          Sales by category
        </h2>
        {stats.categories.length ? (
          <>
            <CategoryCharts categories={stats.categories} />
            <SalesTable categories={stats.categories} />
          </>
        ) : (
          <p role="status" className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
            No dishes sold {stats.period === 'all' ? 'yet' : when}, so there is nothing to chart. The figures appear here with the first paid order;{' '}
            <Link href="/dashboard/manageOrders" className="font-semibold text-gold underline">
              Manage orders
            </Link>{' '}
            lists them as they come in.
          </p>
        )}
      </section>
    </div>
  );
}
