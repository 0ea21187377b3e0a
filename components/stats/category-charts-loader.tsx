'use client';

import dynamic from 'next/dynamic';

/**
 * The charts, fetched in the browser only once the admin home renders: next/dynamic with
 * ssr: false must be called from a client module, and keeps recharts out of every other bundle.
 */
export const CategoryCharts = dynamic(() => import('./category-charts'), {
  ssr: false,
  loading: () => (
    <div role="status" className="grid gap-6 lg:grid-cols-2">
      {['Dishes sold per category', 'Revenue per category'].map((title) => (
        <div key={title} className="flex h-[22rem] items-center justify-center gap-3 rounded-lg bg-white text-gray-600 shadow-sm">
          <span className="h-5 w-5 animate-spin rounded-full border-2 border-gold border-t-transparent" aria-hidden="true" />
          Loading the chart “{title}”…
        </div>
      ))}
    </div>
  ),
});
