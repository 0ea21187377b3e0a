import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { pickupSlotsKey } from '@/components/fulfilment/pickup-slots-key';
import { Checkout } from '@/components/payment/checkout';
import { cartKey } from '@/components/session/session-key';
import { requirePage } from '@/lib/dashboard/guard';
import { cartLoad, listCart } from '@/lib/cart/cart';
import { pickupOptions } from '@/lib/fulfilment/pickup';
import { clockNow } from '@/lib/settings/clock';
import { currentOrderingStatus } from '@/lib/settings/ordering';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { isTable } from '@/lib/tables/settings';
import { TABLE_COOKIE, parseTableCookie, type ScannedTable } from '@/lib/tables/table-mode';
import { isTableToken } from '@/lib/tables/tokens';
import { checkoutTexts } from '@/lib/notify/offer';

export const metadata: Metadata = { title: 'Payment' };

/** The table this browser scanned, while the restaurant still has it and its code is still the current one; else pickup. */
async function scannedTable(): Promise<ScannedTable | null> {
  const scanned = parseTableCookie((await cookies()).get(TABLE_COOKIE)?.value);
  return scanned && (await isTable(scanned.table)) && (await isTableToken(scanned.table, scanned.token)) ? scanned : null;
}

export default async function PaymentPage() {
  const viewer = await requirePage('/dashboard/payment');
  const now = clockNow();
  const [table, cart, load, settings, status, texts] = await Promise.all([
    scannedTable(),
    listCart(viewer),
    cartLoad(viewer),
    getSettings(),
    currentOrderingStatus(now),
    checkoutTexts(viewer),
  ]);
  const { options: pickup, slots } = await pickupOptions(now, load);
  const today = zonedClock(now, settings.schedule.timeZone).today;
  // The cart and the slots of the days the page opens on (today for "as soon as possible", the
  // first day with room) are in the first HTML; the browser only refreshes them.
  const slotsByKey = table !== null ? [] : [...slots].map(([day, daySlots]) => [pickupSlotsKey(day, load), daySlots] as const);
  return (
    <>
      <PageHeading title="Payment" subtitle={table !== null ? `Table ${table.table}` : 'Please pay to eat'} />
      <SWRConfig value={{ fallback: { [cartKey(viewer.email)!]: cart, ...Object.fromEntries(slotsByKey) } }}>
        <Checkout table={table} pickup={pickup} today={today} load={load} tips={settings.tips} tax={settings.tax} status={status} texts={texts} />
      </SWRConfig>
    </>
  );
}
