import { ComingSoon } from '@/components/dashboard/coming-soon';

export default function Page() {
  return <ComingSoon title="All Users" what="Managing users" />;
}
