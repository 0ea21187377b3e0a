import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PrinterAdmin } from '@/components/printing/printer-admin';
import { requirePage } from '@/lib/dashboard/guard';
import { getMenuItems } from '@/lib/menu/queries';
import { firstScreen } from '@/lib/pagination/page';
import { listPrintJobs } from '@/lib/printing/ledger';
import { printersAsRead } from '@/lib/printing/printers';
import { PRINT_JOBS_URL } from '@/lib/printing/schemas';
import { printSetupFor } from '@/lib/printing/setup';

export const metadata: Metadata = { title: 'Printers' };

/** Admins set up the kitchen's printers and stations; what each printer reports and the tickets are read on the server for the first paint. */
export default async function PrintersPage() {
  const admin = await requirePage('/dashboard/printers');
  const [{ printers, readAt }, setup, first, menu] = await Promise.all([
    printersAsRead(admin),
    printSetupFor(admin),
    firstScreen(PRINT_JOBS_URL, (page) => listPrintJobs(admin, page)),
    getMenuItems(),
  ]);
  return (
    <section>
      <PageHeading title="Printers" subtitle="Tickets on paper" />
      <PrinterAdmin printers={printers} setup={setup} first={first} dishes={menu.map(({ _id, name }) => ({ _id, name }))} readAt={readAt} />
    </section>
  );
}
