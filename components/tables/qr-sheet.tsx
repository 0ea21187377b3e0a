import type { TableCode } from '@/lib/tables/qr-sheet';

/**
 * One QR code per table, with its number under it: a grid on screen, and A4 pages in print (see
 * the print rules in app/globals.css). Each code is the server's SVG, shown as an image.
 */
export function QrSheet({ codes }: { codes: TableCode[] }) {
  return (
    <ol aria-label="QR codes of the tables" data-print-sheet className="qr-sheet grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
      {codes.map(({ table, url, svg }) => (
        <li key={table} className="qr-card flex flex-col items-center rounded border border-gray-200 bg-white p-4 text-center">
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG made on the server, inlined as data */}
          <img src={`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`} alt={`QR code of table ${table}: ${url}`} data-url={url} className="aspect-square w-full max-w-48" />
          <p className="mt-2 font-display text-2xl font-bold">Table {table}</p>
          <p className="text-xs break-all text-gray-500 print:hidden">{url}</p>
        </li>
      ))}
    </ol>
  );
}
