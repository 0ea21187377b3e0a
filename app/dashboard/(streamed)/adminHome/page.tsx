import type { Metadata } from 'next';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { AdminOverview } from '@/components/stats/admin-overview';
import { requirePage } from '@/lib/dashboard/guard';
import { pageTitle } from '@/lib/config/site';
import { getAdminStats } from '@/lib/stats/admin-stats';

export const metadata: Metadata = { title: pageTitle('Admin Home') };

/** Read on the server per request (the page is behind the session), so the figures are current. */
export default async function AdminHome() {
  const admin = await requirePage('/dashboard/adminHome');
  const stats = await getAdminStats(admin);
  return (
    <div className="space-y-8">
      <Greeting name={admin.name} />
      <AdminOverview stats={stats} />
      <AccountSecurity email={admin.email} emailVerified={admin.emailVerified} />
    </div>
  );
}
