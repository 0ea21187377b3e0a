import { PageHeading } from '@/components/dashboard/page-heading';
import { MenuItemForm } from '@/components/admin/menu-item-form';

export default function AddItemsPage() {
  return (
    <section>
      <PageHeading title="Add an item" subtitle="What's new?" />
      <MenuItemForm mode="add" />
    </section>
  );
}
