import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageItems } from '@/components/admin/manage-items';
import { requirePageViewer } from '@/lib/auth/viewer';
import { getMenuItems } from '@/lib/menu/queries';

export default async function ManageItemsPage() {
  await requirePageViewer('admin');
  const items = await getMenuItems();
  return (
    <section>
      <PageHeading title="Manage all items" subtitle="Hurry up!" />
      <ManageItems initialItems={items} />
    </section>
  );
}
