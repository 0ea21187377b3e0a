import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PaymentHistory } from '@/components/payment/payment-history';
import { requirePageViewer } from '@/lib/auth/viewer';
import { pageTitle } from '@/lib/config/site';
import { listPayments } from '@/lib/payments/records';

export const metadata: Metadata = { title: pageTitle('Payment History') };

export default async function PaymentHistoryPage() {
  const viewer = await requirePageViewer();
  const payments = await listPayments(viewer, viewer.email);
  return (
    <>
      <PageHeading title="Payment History" subtitle="At a Glance!" />
      <SWRConfig value={{ fallback: { [`/api/payments/${encodeURIComponent(viewer.email)}`]: payments } }}>
        <PaymentHistory />
      </SWRConfig>
    </>
  );
}
