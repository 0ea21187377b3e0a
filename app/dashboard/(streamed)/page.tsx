import { redirect } from 'next/navigation';
import { dashboardHome } from '@/lib/auth/page-access';
import { requirePageViewer } from '@/lib/auth/viewer';

/** proxy.ts answers /dashboard with a redirect already; this is the same rule for any other way in. */
export default async function DashboardIndex() {
  redirect(dashboardHome((await requirePageViewer()).role));
}
