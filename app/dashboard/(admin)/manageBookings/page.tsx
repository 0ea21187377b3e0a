import { ComingSoon } from '@/components/dashboard/coming-soon';

export default function Page() {
  return <ComingSoon title="Manage Bookings" what="Managing bookings" />;
}
