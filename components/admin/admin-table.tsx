import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row for screen readers (a row header). */
  rowHeader?: boolean;
  className?: string;
}

/**
 * The dashboard's list tables (menu items, users): numbered rows (the '#' column), a caption
 * for assistive technology, and horizontal scrolling on narrow screens instead of squeezed
 * columns (the scroll box is focusable, so the keyboard can scroll it too).
 */
export function AdminTable<Row extends { _id: string }>({ caption, columns, rows }: { caption: string; columns: Column<Row>[]; rows: Row[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-[#d1a054] text-xs tracking-wider text-white uppercase">
          <tr>
            <th scope="col" className="w-12 px-4 py-4 font-semibold">
              <span aria-hidden="true">#</span>
              <span className="sr-only">Number</span>
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

/** Loading, failed and empty states for a list, so each page says which one it is in. */
export function ListState({ state, onRetry, children }: { state: 'loading' | 'error' | 'empty'; onRetry?: () => void; children: ReactNode }) {
  if (state === 'loading') {
    return (
      <div role="status" className="flex items-center justify-center gap-3 rounded-lg bg-white p-10 text-gray-600 shadow-sm">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-gold border-t-transparent" aria-hidden="true" />
        {children}
      </div>
    );
  }
  return (
    <div role={state === 'error' ? 'alert' : 'status'} className="rounded-lg bg-white p-10 text-center text-gray-600 shadow-sm">
      <p>{children}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="mt-4 rounded bg-ink px-5 py-2 font-semibold text-white hover:bg-gold">
          Try again
        </button>
      ) : null}
    </div>
  );
}
