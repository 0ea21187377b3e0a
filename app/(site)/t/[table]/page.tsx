import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { RememberTable } from '@/components/tables/remember-table';
import { isTable } from '@/lib/tables/settings';
import { parseTable } from '@/lib/tables/table-mode';
import { scanTable } from '@/lib/tables/tokens';

export const metadata: Metadata = { title: 'Order at your table', robots: { index: false } };

const LINK = 'rounded px-6 py-3 font-semibold';

/**
 * Where a table's QR code leads (`/t/{n}?k={token}`): with the token the code carries, this browser
 * orders for that table today (it keeps the table's token for this service day, which the menu,
 * the cart and the payment page then use); a number typed by hand, or a code from a sheet since
 * reprinted or past its period, is asked to scan the code on the table. A table the restaurant
 * does not have is not found.
 */
export default async function TablePage({ params, searchParams }: { params: Promise<{ table: string }>; searchParams: Promise<{ k?: string | string[] }> }) {
  // The tables and their key are the restaurant's current settings, read on every visit.
  await connection();
  const table = parseTable((await params).table);
  if (table === null || !(await isTable(table))) notFound();
  const { k } = await searchParams;
  const token = typeof k === 'string' ? await scanTable(table, k) : null;
  return (
    <section aria-labelledby="table-title" className="bg-cream px-4 pt-32 pb-20 text-center">
      {token ? <RememberTable table={table} token={token} /> : null}
      <p className="text-gold italic">---Welcome---</p>
      <h1 id="table-title" className="mt-2 font-display text-5xl uppercase">
        Table {table}
      </h1>
      {token ? (
        <p className="mx-auto mt-4 max-w-md text-gray-700">
          Order from your phone and we bring it to your table: choose your dishes, then pay from your cart. No pickup time to choose.
        </p>
      ) : (
        <p role="alert" className="mx-auto mt-4 max-w-md rounded bg-amber-50 px-4 py-3 text-amber-900">
          To order for table {table}, scan the QR code on your table with your phone&apos;s camera. A table number typed by hand, or a code we
          have since replaced, cannot order for a table: please ask us for today&apos;s code.
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link href="/order/salad" className={`${LINK} bg-gold text-white hover:bg-gold-dark`}>
          {token ? 'Order food' : 'Order for pickup'}
        </Link>
        <Link href="/menu" className={`${LINK} border border-ink hover:bg-ink hover:text-white`}>
          See the menu
        </Link>
      </div>
    </section>
  );
}
