'use client';

import { forgetTable } from './table-cookie';

/** At the table: where the food goes, and the way out for a diner who scanned a code and then left. */
export function TableChoice({ table, onLeave }: { table: number; onLeave(): void }) {
  return (
    <section aria-labelledby="table-heading" className="space-y-2 rounded bg-amber-50 px-4 py-3">
      <h2 id="table-heading" className="font-display text-2xl font-bold">
        Table {table}
      </h2>
      <p className="text-sm">We bring your order to your table: no pickup time to choose.</p>
      <button
        type="button"
        onClick={() => {
          forgetTable();
          onLeave();
        }}
        className="min-h-11 text-left text-sm font-semibold text-gold underline"
      >
        Not at table {table}? Collect your order instead
      </button>
    </section>
  );
}
