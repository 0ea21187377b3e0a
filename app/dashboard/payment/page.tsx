import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { Checkout } from '@/components/payment/checkout';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Payment') };

export default function PaymentPage() {
  return (
    <>
      <PageHeading title="Payment" subtitle="Please pay to eat" />
      <Checkout />
    </>
  );
}
