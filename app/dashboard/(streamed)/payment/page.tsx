import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { pickupSlotsKey } from '@/components/fulfilment/pickup-slots-key';
import { Checkout } from '@/components/payment/checkout';
import { cartKey } from '@/components/session/session-key';
import { requirePage } from '@/lib/dashboard/guard';
import { listCart } from '@/lib/cart/cart';
import { pageTitle } from '@/lib/config/site';
import { pickupOptions } from '@/lib/fulfilment/pickup';
import { restaurantClock } from '@/lib/reservations/calendar';
import { isTable } from '@/lib/tables/settings';
import { TABLE_COOKIE, parseTable } from '@/lib/tables/table-mode';

export const metadata: Metadata = { title: pageTitle('Payment') };

export default async function PaymentPage() {
  const viewer = await requirePage('/dashboard/payment');
  const scanned = parseTable((await cookies()).get(TABLE_COOKIE)?.value);
  // A table the restaurant no longer has (its count was lowered) is pickup again.
  const table = scanned !== null && (await isTable(scanned)) ? scanned : null;
  const now = new Date();
  const today = restaurantClock(now).today;
  const [cart, { options: pickup, slots }] = await Promise.all([listCart(viewer), pickupOptions(now)]);
  // The cart and the slots of the days the page opens on (today for "as soon as possible", the
  // first day with room) are in the first HTML; the browser only refreshes them.
  const slotsByKey = table !== null ? [] : [...slots].map(([day, daySlots]) => [pickupSlotsKey(day), daySlots] as const);
  return (
    <>
      <PageHeading title="Payment" subtitle={table !== null ? `Table ${table}` : 'Please pay to eat'} />
      <SWRConfig value={{ fallback: { [cartKey(viewer.email)!]: cart, ...Object.fromEntries(slotsByKey) } }}>
        <Checkout table={table} pickup={pickup} today={today} />
      </SWRConfig>
    </>
  );
}
