import { clockNow } from '@/lib/settings/clock';
import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { NewCodesButton } from '@/components/tables/new-codes-button';
import { QrSheet } from '@/components/tables/qr-sheet';
import { TableCountForm } from '@/components/tables/table-count-form';
import { PrintButton } from '@/components/ui/print-button';
import { requirePage } from '@/lib/dashboard/guard';
import { tableCodes } from '@/lib/tables/qr-sheet';
import { codesValidUntil } from '@/lib/tables/tokens';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { fromMinutes } from '@/lib/reservations/calendar';

export const metadata: Metadata = { title: 'Tables' };

/**
 * The number of tables, and a printable sheet of their QR codes: a diner who scans one orders for
 * that table, until the codes' period ends. New codes make the printed ones invalid.
 */
export default async function TablesPage() {
  const admin = await requirePage('/dashboard/tables');
  const [codes, until, { schedule }] = await Promise.all([tableCodes(admin), codesValidUntil(admin), getSettings()]);
  const expired = until <= clockNow();
  const { today, minutes } = zonedClock(until, schedule.timeZone);
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
      <p role={expired ? 'alert' : undefined} className={`print:hidden ${expired ? 'rounded bg-amber-50 px-4 py-3 text-amber-900' : 'text-sm text-gray-700'}`}>
        {expired
          ? `These codes stopped working on ${today} at ${fromMinutes(minutes)}: make new codes and print them.`
          : `These codes work until ${today} at ${fromMinutes(minutes)} (restaurant time). Make new ones before then.`}
      </p>
      <QrSheet codes={codes} />
    </section>
  );
}
