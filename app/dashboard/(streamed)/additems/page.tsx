import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MenuItemForm } from '@/components/admin/menu-item-form';
import { requirePage } from '@/lib/dashboard/guard';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Add Items' };

export default async function AddItemsPage() {
  await requirePage('/dashboard/additems');
  return (
    <section>
      <PageHeading title="Add an item" subtitle="What's new?" />
      <MenuItemForm mode="add" taxRates={(await getSettings()).tax.rates} />
    </section>
  );
}
