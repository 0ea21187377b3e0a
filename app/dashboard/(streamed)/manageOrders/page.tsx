import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageOrders } from '@/components/orders/manage-orders';
import { requirePage } from '@/lib/dashboard/guard';
import { cursorAt } from '@/lib/orders/feed/cursor';
import { listOrders } from '@/lib/orders/orders';
import { firstScreen } from '@/lib/pagination/page';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Manage Orders' };

export default async function ManageOrdersPage() {
  const staff = await requirePage('/dashboard/manageOrders');
  // Taken before the read: what changes from here on reaches the page through the stream.
  const since = cursorAt();
  const [first, settings] = await Promise.all([firstScreen('/api/orders', (page) => listOrders(staff, page)), getSettings()]);
  return (
    <section>
      <PageHeading title="Manage orders" subtitle="From kitchen to counter" />
      <ManageOrders since={since} first={first} timeZone={settings.schedule.timeZone} isAdmin={staff.role === 'admin'} />
    </section>
  );
}
