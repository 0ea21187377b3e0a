import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { RememberTable } from '@/components/tables/remember-table';
import { pageTitle } from '@/lib/config/site';
import { isTable } from '@/lib/tables/settings';
import { parseTable } from '@/lib/tables/table-mode';

export const metadata: Metadata = { title: pageTitle('Order at your table'), robots: { index: false } };

/**
 * Where a table's QR code leads: a table the restaurant has puts this browser in table mode (the
 * menu, the cart and the payment page then order for it); any other number is not found.
 */
export default async function TablePage({ params }: { params: Promise<{ table: string }> }) {
  // The number of tables is the restaurant's current setting, read on every visit.
  await connection();
  const table = parseTable((await params).table);
  if (table === null || !(await isTable(table))) notFound();
  return (
    <section aria-labelledby="table-title" className="bg-cream px-4 pt-32 pb-20 text-center">
      <RememberTable table={table} />
      <p className="text-gold italic">---Welcome---</p>
      <h1 id="table-title" className="mt-2 font-display text-5xl uppercase">
        Table {table}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-gray-700">
        Order from your phone and we bring it to your table: choose your dishes, then pay from your cart. No pickup time to choose.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link href="/order/salad" className="rounded bg-gold px-6 py-3 font-semibold text-white hover:bg-gold-dark">
          Order food
        </Link>
        <Link href="/menu" className="rounded border border-ink px-6 py-3 font-semibold hover:bg-ink hover:text-white">
          See the menu
        </Link>
      </div>
    </section>
  );
}
