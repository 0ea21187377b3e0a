import { ComingSoon } from '@/components/dashboard/coming-soon';

export default function Page() {
  return <ComingSoon title="Manage Items" what="Managing menu items" />;
}
