import type { Metadata } from 'next';
import { AccountSecurity } from '@/components/account/account-security';
import { Greeting } from '@/components/account/greeting';
import { PaymentsToReconcile } from '@/components/payments/payments-to-reconcile';
import { AdminOverview } from '@/components/stats/admin-overview';
import { DataExport } from '@/components/stats/data-export';
import { PrinterAlertList } from '@/components/printing/printer-alerts';
import { NoticesStatus } from '@/components/notify/notices-status';
import { noticesOverview } from '@/lib/notify/overview';
import { requirePage } from '@/lib/dashboard/guard';
import { paymentsToReconcile } from '@/lib/payments/reconcile';
import { printerAlerts } from '@/lib/printing/presence';
import { stoppedExplanation } from '@/lib/settings/ordering';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { pagePeriod } from '@/lib/stats/schemas';

export const metadata: Metadata = { title: 'Admin Home' };

/** Read on the server per request (the page is behind the session), so the figures are current; `?period=` chooses the days. */
export default async function AdminHome({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requirePage('/dashboard/adminHome');
  const [stats, stopped, printing, unreconciled, notices] = await Promise.all([
    getAdminStats(admin, pagePeriod((await searchParams).period)),
    stoppedExplanation(admin),
    printerAlerts(admin),
    paymentsToReconcile(admin),
    noticesOverview(admin),
  ]);
  return (
    <div className="space-y-8">
      <Greeting name={admin.name} />
      {stopped ? (
        <p role="alert" className="rounded bg-amber-50 px-4 py-3 text-amber-900">
          {stopped}
        </p>
      ) : null}
      <PrinterAlertList alerts={printing.alerts} />
      <PaymentsToReconcile payments={unreconciled} />
      <AdminOverview stats={stats} />
      <NoticesStatus overview={notices} />
      <DataExport />
      <AccountSecurity email={admin.email} emailVerified={admin.emailVerified} />
    </div>
  );
}
