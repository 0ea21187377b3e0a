import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PaymentHistory } from '@/components/payment/payment-history';
import { requirePage } from '@/lib/dashboard/guard';
import { cursorAt } from '@/lib/orders/feed/cursor';
import { listPayments } from '@/lib/payments/history';
import { firstScreen } from '@/lib/pagination/page';

export const metadata: Metadata = { title: 'Payment History' };

export default async function PaymentHistoryPage() {
  const viewer = await requirePage('/dashboard/paymentHistory');
  // Taken before the read: what the kitchen changes from here on reaches the page through the stream.
  const since = cursorAt();
  const url = `/api/payments/${encodeURIComponent(viewer.email)}`;
  const first = await firstScreen(url, (page) => listPayments(viewer, viewer.email, page));
  return (
    <>
      <PageHeading title="Payment History" subtitle="At a Glance!" />
      <PaymentHistory since={since} first={first} />
    </>
  );
}
