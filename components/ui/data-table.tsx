import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row for screen readers (a row header). */
  rowHeader?: boolean;
  className?: string;
}

/**
 * A table of records (cart lines, payments, menu items, users, orders, bookings, reviews):
 * numbered rows (the '#' column), a caption for assistive technology, and horizontal scrolling on
 * narrow screens instead of squeezed columns (the scroll box is focusable, so the keyboard can
 * scroll it too).
 */
export function DataTable<Row extends { _id: string }>({ caption, columns, rows }: { caption: string; columns: Column<Row>[]; rows: Row[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gold text-xs tracking-wider text-white uppercase">
          <tr>
            <th scope="col" aria-label="Number" className="w-12 px-4 py-4 font-semibold">
              #
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-4 font-semibold ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row, index) => (
            <tr key={row._id} className="hover:bg-cream/60">
              <td className="px-4 py-3 text-gray-500">{index + 1}</td>
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                return (
                  <Cell key={column.header} scope={column.rowHeader ? 'row' : undefined} className={`px-4 py-3 align-middle font-normal ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
