import type { Metadata } from 'next';
import { CartView } from '@/components/cart/cart-view';
import { PageHeading } from '@/components/dashboard/page-heading';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('My Cart') };

export default function CartPage() {
  return (
    <>
      <PageHeading title="Wanna add more?" subtitle="My Cart" />
      <CartView />
    </>
  );
}
