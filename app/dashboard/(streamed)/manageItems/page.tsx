import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageItems } from '@/components/admin/manage-items';
import { requirePage } from '@/lib/dashboard/guard';
import { getMenuItems } from '@/lib/menu/queries';

export const metadata: Metadata = { title: 'Manage Items' };

export default async function ManageItemsPage() {
  await requirePage('/dashboard/manageItems');
  const items = await getMenuItems();
  return (
    <section>
      <PageHeading title="Manage all items" subtitle="Hurry up!" />
      <ManageItems initialItems={items} />
    </section>
  );
}
