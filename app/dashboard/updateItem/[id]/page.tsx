import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MenuItemForm } from '@/components/admin/menu-item-form';
import { requirePage } from '@/lib/dashboard/guard';
import { getSettings } from '@/lib/settings/store';
import { getMenuItem } from '@/lib/menu/queries';

export const metadata: Metadata = { title: 'Update Item' };

/** The item is read on the server, so the form never shows empty; unknown or malformed ids are not found. */
export default async function UpdateItemPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePage('/dashboard/updateItem/[id]');
  const item = await getMenuItem((await params).id);
  if (!item) notFound();
  return (
    <section>
      <PageHeading title="Update item" subtitle={item.name} />
      <MenuItemForm mode="update" item={item} taxRates={(await getSettings()).tax.rates} />
    </section>
  );
}
