import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { CartView } from '@/components/cart/cart-view';
import { cartKey } from '@/components/session/session-key';
import { PageHeading } from '@/components/dashboard/page-heading';
import { requirePage } from '@/lib/dashboard/guard';
import { listCart } from '@/lib/cart/cart';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'My Cart' };

export default async function CartPage() {
  const viewer = await requirePage('/dashboard/cart');
  const cart = await listCart(viewer);
  return (
    <>
      <PageHeading title="Wanna add more?" subtitle="My Cart" />
      <SWRConfig value={{ fallback: { [cartKey(viewer.email)!]: cart } }}>
        <CartView tax={(await getSettings()).tax} />
      </SWRConfig>
    </>
  );
}
