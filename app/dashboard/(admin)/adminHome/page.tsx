import type { Metadata } from 'next';
import { AdminOverview } from '@/components/stats/admin-overview';
import { currentUser } from '@/lib/auth/current-user';
import { pageTitle } from '@/lib/config/site';
import { getAdminStats } from '@/lib/stats/admin-stats';

export const metadata: Metadata = { title: pageTitle('Admin Home') };

/** Read on the server per request (the page is behind the session), so the figures are current. */
export default async function AdminHome() {
  const [user, stats] = await Promise.all([currentUser(), getAdminStats()]);
  return (
    <div className="space-y-8">
      <h1 className="font-display text-3xl">
        <span>Hi, Welcome </span>
        {user?.name ? user.name : 'Back'}
      </h1>
      <AdminOverview stats={stats} />
    </div>
  );
}
