import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageOrders } from '@/components/orders/manage-orders';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Manage Orders') };

export default function ManageOrdersPage() {
  return (
    <section>
      <PageHeading title="Manage orders" subtitle="From kitchen to counter" />
      <ManageOrders />
    </section>
  );
}
