import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PromoAdmin } from '@/components/promos/promo-admin';
import { requirePage } from '@/lib/dashboard/guard';
import { getMenuItems } from '@/lib/menu/queries';
import { listPromos } from '@/lib/promos/promos';
import { promoQuerySchema } from '@/lib/promos/schemas';

export const metadata: Metadata = { title: 'Promo Codes' };

/** Admins make and change promo codes; `?before=` pages through older ones, as the API takes it. */
export default async function PromosPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requirePage('/dashboard/promos');
  const parsed = promoQuerySchema.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : {};
  const [page, menu] = await Promise.all([listPromos(admin, query), getMenuItems()]);
  return (
    <section>
      <PageHeading title="Promo Codes" subtitle="Bring diners back" />
      <PromoAdmin page={page} dishes={menu.map(({ _id, name }) => ({ _id, name }))} before={query.before} />
    </section>
  );
}
