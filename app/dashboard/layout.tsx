import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { DashboardShell } from '@/components/dashboard/dashboard-shell';
import { Sidebar } from '@/components/dashboard/sidebar';
import { Providers } from '@/components/session/providers';
import { hasRole } from '@/lib/auth/roles';
import { requirePageViewer } from '@/lib/auth/viewer';
import { pageTitle, site } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Dashboard'), robots: { index: false, follow: false } };

/** The dashboard shell, with the navigation of the viewer's role. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePageViewer();
  const admin = hasRole(viewer.role, 'admin');
  return (
    <Providers>
      <DashboardShell brand={site.brand} titlePrefix={pageTitle('')} showCart={viewer.role === 'diner'} nav={<Sidebar admin={admin} brand={site.brand} />}>
        {children}
      </DashboardShell>
    </Providers>
  );
}
