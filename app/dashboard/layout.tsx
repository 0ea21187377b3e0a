import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { DashboardShell } from '@/components/dashboard/dashboard-shell';
import { Sidebar } from '@/components/dashboard/sidebar';
import { Providers } from '@/components/session/providers';
import { SESSION_KEY } from '@/components/session/session-key';
import { requirePageViewer, sessionResponseOf } from '@/lib/auth/viewer';
import { pageTitle, site } from '@/lib/config/site';
import { sidebarOf } from '@/lib/dashboard/pages';

export const metadata: Metadata = { title: pageTitle('Dashboard'), robots: { index: false, follow: false } };

/**
 * The dashboard shell, with the navigation of the viewer's role. The session is handed to SWR as
 * read here, so what depends on who is signed in (the cart, its badge) renders in the first HTML.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePageViewer();
  return (
    <Providers fallback={{ [SESSION_KEY]: sessionResponseOf(viewer) }}>
      <DashboardShell brand={site.brand} titlePrefix={pageTitle('')} showCart={viewer.role === 'diner'} nav={<Sidebar links={sidebarOf(viewer.role)} brand={site.brand} />}>
        {children}
      </DashboardShell>
    </Providers>
  );
}
