import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { OrderingControls } from '@/components/settings/ordering-controls';
import { SettingsForm } from '@/components/settings/settings-form';
import { requirePage } from '@/lib/dashboard/guard';
import { orderingView } from '@/lib/settings/ordering';
import { settingsForAdmin } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Settings' };

/** The restaurant's details, hours, closures, ordering, kitchen, tips, tables and reservation limits, saved without a redeploy. */
export default async function SettingsPage() {
  const admin = await requirePage('/dashboard/settings');
  const [initial, ordering] = await Promise.all([settingsForAdmin(admin), orderingView(admin)]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeading title="Settings" subtitle="Run the restaurant" />
      <OrderingControls initial={ordering} />
      <SettingsForm initial={initial} />
    </div>
  );
}
