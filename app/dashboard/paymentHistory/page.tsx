import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PaymentHistory } from '@/components/payment/payment-history';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Payment History') };

export default function PaymentHistoryPage() {
  return (
    <>
      <PageHeading title="Payment History" subtitle="At a Glance!" />
      <PaymentHistory />
    </>
  );
}
