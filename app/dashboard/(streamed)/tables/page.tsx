import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { NewCodesButton } from '@/components/tables/new-codes-button';
import { QrSheet } from '@/components/tables/qr-sheet';
import { TableCountForm } from '@/components/tables/table-count-form';
import { PrintButton } from '@/components/ui/print-button';
import { requirePage } from '@/lib/dashboard/guard';
import { tableCodes } from '@/lib/tables/qr-sheet';

export const metadata: Metadata = { title: 'Tables' };

/**
 * The number of tables, and a printable sheet of their QR codes: a diner who scans one orders for
 * that table. New codes make the printed ones invalid.
 */
export default async function TablesPage() {
  const codes = await tableCodes(await requirePage('/dashboard/tables'));
  return (
    <section className="space-y-6">
      <div className="print:hidden">
        <PageHeading title="Tables" subtitle="Order from the table" />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
        <TableCountForm count={codes.length} />
        <div className="flex flex-wrap gap-3">
          <NewCodesButton />
          <PrintButton>Print the QR codes</PrintButton>
        </div>
      </div>
      <QrSheet codes={codes} />
    </section>
  );
}
