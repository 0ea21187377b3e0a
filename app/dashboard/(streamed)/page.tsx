import { redirect } from 'next/navigation';
import { dashboardHome } from '@/lib/dashboard/pages';
import { requirePage } from '@/lib/dashboard/guard';

/** proxy.ts answers /dashboard with a redirect already; this is the same rule for any other way in. */
export default async function DashboardIndex() {
  redirect(dashboardHome((await requirePage('/dashboard')).role));
}
