import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageOrders } from '@/components/orders/manage-orders';
import { requirePage } from '@/lib/dashboard/guard';
import { cursorAt } from '@/lib/orders/feed/cursor';
import { listOrders } from '@/lib/orders/orders';

export const metadata: Metadata = { title: 'Manage Orders' };

export default async function ManageOrdersPage() {
  const staff = await requirePage('/dashboard/manageOrders');
  // Taken before the read: what changes from here on reaches the page through the stream.
  const since = cursorAt();
  const orders = await listOrders(staff);
  return (
    <section>
      <PageHeading title="Manage orders" subtitle="From kitchen to counter" />
      <SWRConfig value={{ fallback: { '/api/orders': orders } }}>
        <ManageOrders since={since} isAdmin={staff.role === 'admin'} />
      </SWRConfig>
    </section>
  );
}
