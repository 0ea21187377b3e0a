import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { KitchenBoard } from '@/components/kitchen/kitchen-board';
import { KitchenMenu } from '@/components/kitchen/kitchen-menu';
import { KITCHEN_ORDERS_KEY } from '@/components/kitchen/tickets';
import { requirePage } from '@/lib/dashboard/guard';
import { cursorAt } from '@/lib/orders/feed/cursor';
import { kitchenSettings } from '@/lib/orders/kitchen-config';
import { listOrders } from '@/lib/orders/orders';
import { OPEN_STATUSES } from '@/lib/orders/status';
import { orderingView } from '@/lib/settings/ordering';
import { MAX_LIMIT } from '@/lib/pagination/schemas';
import { pushOffer } from '@/lib/notify/offer';
import { kitchenMenu } from '@/lib/menu/live';
import { clockNow } from '@/lib/settings/clock';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Kitchen' };

/** The tickets are read on the server for the first paint; the order stream keeps them current. */
export default async function KitchenPage() {
  const staff = await requirePage('/dashboard/kitchen');
  // Taken before the read: what changes from here on reaches the board through the stream.
  const since = cursorAt();
  const [{ items: orders }, ordering, menu, settings] = await Promise.all([
    listOrders(staff, { status: [...OPEN_STATUSES], limit: MAX_LIMIT }),
    orderingView(staff),
    kitchenMenu(staff),
    getSettings(),
  ]);
  return (
    <SWRConfig value={{ fallback: { [KITCHEN_ORDERS_KEY]: orders } }}>
      <KitchenBoard since={since} settings={kitchenSettings()} ordering={ordering} push={pushOffer()}>
        <KitchenMenu initial={menu} timeZone={settings.schedule.timeZone} serverNow={clockNow().getTime()} />
      </KitchenBoard>
    </SWRConfig>
  );
}
