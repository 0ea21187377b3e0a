import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageItems } from '@/components/admin/manage-items';
import { getMenuItems } from '@/lib/menu/queries';

/** Behind the admin guard of the (admin) layout, which the original left off this page. */
export default async function ManageItemsPage() {
  const items = await getMenuItems();
  return (
    <section>
      <PageHeading title="Manage all items" subtitle="Hurry up!" />
      <ManageItems initialItems={items} />
    </section>
  );
}
