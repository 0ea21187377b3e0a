import { ComingSoon } from '@/components/dashboard/coming-soon';

export default function Page() {
  return <ComingSoon title="Payment History" what="Your payment history" />;
}
