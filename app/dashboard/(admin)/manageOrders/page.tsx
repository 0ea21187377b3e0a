import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageOrders } from '@/components/orders/manage-orders';
import { requirePageViewer } from '@/lib/auth/viewer';
import { pageTitle } from '@/lib/config/site';
import { listOrders } from '@/lib/orders/orders';

export const metadata: Metadata = { title: pageTitle('Manage Orders') };

export default async function ManageOrdersPage() {
  const orders = await listOrders(await requirePageViewer('admin'));
  return (
    <section>
      <PageHeading title="Manage orders" subtitle="From kitchen to counter" />
      <SWRConfig value={{ fallback: { '/api/orders': orders } }}>
        <ManageOrders />
      </SWRConfig>
    </section>
  );
}
