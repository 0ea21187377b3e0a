import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageItems } from '@/components/admin/manage-items';
import { requirePage } from '@/lib/dashboard/guard';
import { getMenuItems } from '@/lib/menu/queries';
import { menuAvailability, sectionSchedules } from '@/lib/menu/live';
import { clockNow } from '@/lib/settings/clock';

export const metadata: Metadata = { title: 'Manage Items' };

export default async function ManageItemsPage() {
  await requirePage('/dashboard/manageItems');
  const now = clockNow();
  const [items, live, sections] = await Promise.all([getMenuItems(), menuAvailability(undefined, now), sectionSchedules()]);
  return (
    <section>
      <PageHeading title="Manage all items" subtitle="Hurry up!" />
      <ManageItems initialItems={items} live={live} sections={sections} serverNow={now.getTime()} />
    </section>
  );
}
