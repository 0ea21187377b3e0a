import { ComingSoon } from '@/components/dashboard/coming-soon';

export default function Page() {
  return <ComingSoon title="Reservation" what="Booking a table online" />;
}
