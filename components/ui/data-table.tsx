import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row for screen readers (a row header). */
  rowHeader?: boolean;
  /** Classes of the column's cells where it is laid out as a table. */
  className?: string;
}

/*
 * Where the table's box is narrower than 48rem (every phone, and a tablet beside the sidebar) the
 * rows are stacked cards: one or two abreast, each cell a line with its column header as label.
 * The header row then is for assistive technology only, and the explicit roles keep the table's
 * semantics, which some browsers drop from a table whose parts are not displayed as a table.
 * The label is drawn from data-label with an empty alternative text, so a cell is still named
 * by its own content and announced with its column header.
 */
const CARD_BOX = '@max-3xl:overflow-visible @max-3xl:rounded-none @max-3xl:bg-transparent @max-3xl:shadow-none';
const CARD_TABLE = '@max-3xl:block @max-3xl:min-w-0';
const CARD_ROWS = '@max-3xl:grid @max-3xl:items-start @max-3xl:gap-3 @max-3xl:divide-y-0 @xl:grid-cols-2';
const CARD_ROW = '@max-3xl:block @max-3xl:rounded-lg @max-3xl:bg-white @max-3xl:p-4 @max-3xl:shadow-sm';
const CARD_CELL =
  "@max-3xl:grid @max-3xl:w-auto @max-3xl:max-w-none @max-3xl:min-w-0 @max-3xl:grid-cols-[6rem_minmax(0,1fr)] @max-3xl:items-baseline @max-3xl:gap-x-3 @max-3xl:px-0 @max-3xl:py-1.5 @max-3xl:text-left @max-3xl:whitespace-normal @max-3xl:before:text-xs @max-3xl:before:font-semibold @max-3xl:before:tracking-wider @max-3xl:before:text-gray-600 @max-3xl:before:uppercase @max-3xl:before:content-[attr(data-label)_/_'']";

/**
 * A table of records (cart lines, payments, menu items, users, orders, bookings, reviews):
 * numbered rows (the '#' column) and a caption for assistive technology. With room for its
 * columns it is a table, scrolling sideways rather than squeezing them (the scroll box is
 * focusable, so the keyboard can scroll it too); without, its rows are cards (see above).
 */
export function DataTable<Row extends { _id: string }>({ caption, columns, rows }: { caption: string; columns: Column<Row>[]; rows: Row[] }) {
  return (
    <div className="@container">
      <div className={`overflow-x-auto rounded-lg bg-white shadow-sm ${CARD_BOX}`} tabIndex={0} role="region" aria-label={caption}>
        <table role="table" className={`w-full min-w-[36rem] text-left text-sm ${CARD_TABLE}`}>
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className="bg-gold text-xs tracking-wider text-white uppercase @max-3xl:sr-only">
            <tr role="row">
              <th role="columnheader" scope="col" aria-label="Number" className="w-12 px-4 py-4 font-semibold">
                #
              </th>
              {columns.map((column) => (
                <th key={column.header} role="columnheader" scope="col" className={`px-4 py-4 font-semibold ${column.className ?? ''}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={`divide-y divide-gray-100 ${CARD_ROWS}`}>
            {rows.map((row, index) => (
              <tr key={row._id} role="row" className={`hover:bg-cream/60 ${CARD_ROW}`}>
                <td role="cell" data-label="#" className={`px-4 py-3 text-gray-500 ${CARD_CELL}`}>
                  {index + 1}
                </td>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.header}
                      role={column.rowHeader ? 'rowheader' : 'cell'}
                      scope={column.rowHeader ? 'row' : undefined}
                      data-label={column.header}
                      className={`px-4 py-3 align-middle font-normal ${column.className ?? ''} ${CARD_CELL}`}
                    >
                      <div className="min-w-0">{column.cell(row)}</div>
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
