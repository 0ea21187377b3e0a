import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { PageHeading } from '@/components/dashboard/page-heading';
import { Checkout } from '@/components/payment/checkout';
import { requirePageViewer } from '@/lib/auth/viewer';
import { pageTitle } from '@/lib/config/site';
import { pickupOptions } from '@/lib/fulfilment/pickup';
import { restaurantClock } from '@/lib/reservations/calendar';
import { isTable } from '@/lib/tables/settings';
import { TABLE_COOKIE, parseTable } from '@/lib/tables/table-mode';

export const metadata: Metadata = { title: pageTitle('Payment') };

export default async function PaymentPage() {
  await requirePageViewer();
  const scanned = parseTable((await cookies()).get(TABLE_COOKIE)?.value);
  // A table the restaurant no longer has (its count was lowered) is pickup again.
  const table = scanned !== null && (await isTable(scanned)) ? scanned : null;
  const now = new Date();
  return (
    <>
      <PageHeading title="Payment" subtitle={table !== null ? `Table ${table}` : 'Please pay to eat'} />
      <Checkout table={table} pickup={await pickupOptions(now)} today={restaurantClock(now).today} />
    </>
  );
}
