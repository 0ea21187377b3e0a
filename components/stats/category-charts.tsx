'use client';

import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '@/lib/menu/money';
import type { CategorySales } from '@/lib/stats/types';

/** One colour per category, in revenue order; dark enough for white-on-colour contrast. */
const COLORS = ['#8a5f00', '#1d4ed8', '#15803d', '#b91c1c', '#6d28d9', '#0e7490', '#4b5563'];
const colorOf = (index: number) => COLORS[index % COLORS.length];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const CHART_STYLE = { width: '100%', height: 320 };

/**
 * Quantity sold per category (bars) and revenue per category (pie). Recharts weighs as much as
 * the rest of the dashboard, so this module is only ever loaded through category-charts-loader.
 */
export default function CategoryCharts({ categories }: { categories: CategorySales[] }) {
  const data = categories.map((c) => ({ ...c, label: capitalize(c.category) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="rounded-lg bg-white p-4 shadow-sm">
        <figcaption className="mb-2 font-semibold">Dishes sold per category</figcaption>
        <BarChart responsive style={CHART_STYLE} data={data} margin={{ top: 10, right: 10, bottom: 0, left: -10 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip formatter={(value) => [String(value), 'Dishes sold']} />
          <Bar dataKey="quantity" name="Dishes sold">
            {data.map((entry, index) => (
              <Cell key={entry.category} fill={colorOf(index)} />
            ))}
          </Bar>
        </BarChart>
      </figure>
      <figure className="rounded-lg bg-white p-4 shadow-sm">
        <figcaption className="mb-2 font-semibold">Revenue per category</figcaption>
        <PieChart responsive style={CHART_STYLE}>
          <Pie data={data} dataKey="revenue" nameKey="label" outerRadius="80%">
            {data.map((entry, index) => (
              <Cell key={entry.category} fill={colorOf(index)} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => formatPrice(Number(value))} />
          <Legend />
        </PieChart>
      </figure>
    </div>
  );
}
