import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PromoAdmin } from '@/components/promos/promo-admin';
import { requirePage } from '@/lib/dashboard/guard';
import { getMenuItems } from '@/lib/menu/queries';
import { firstScreen } from '@/lib/pagination/page';
import { listPromos } from '@/lib/promos/promos';
import { PROMOS_URL } from '@/lib/promos/schemas';

export const metadata: Metadata = { title: 'Promo Codes' };

/** Admins make and change promo codes; the first screen of the list is read on the server for the first paint. */
export default async function PromosPage() {
  const admin = await requirePage('/dashboard/promos');
  const [first, menu] = await Promise.all([firstScreen(PROMOS_URL, (page) => listPromos(admin, page)), getMenuItems()]);
  return (
    <section>
      <PageHeading title="Promo Codes" subtitle="Bring diners back" />
      <PromoAdmin first={first} dishes={menu.map(({ _id, name }) => ({ _id, name }))} />
    </section>
  );
}
