import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { DashboardShell } from '@/components/dashboard/dashboard-shell';
import { Sidebar } from '@/components/dashboard/sidebar';
import { Providers } from '@/components/session/providers';
import { SESSION_KEY } from '@/components/session/session-key';
import { requirePageViewer, sessionResponseOf } from '@/lib/auth/viewer';
import { titlePrefix } from '@/lib/config/site';
import { sidebarOf } from '@/lib/dashboard/pages';
import { getSettings } from '@/lib/settings/store';
import { hasRole } from '@/lib/auth/roles';
import { guestOrdersOpen } from '@/lib/users/guests';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false, follow: false } };

/**
 * The dashboard shell, with the navigation of the viewer's role. The session is handed to SWR as
 * read here, so what depends on who is signed in (the cart, its badge) renders in the first HTML.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePageViewer('guest');
  const { name } = (await getSettings()).restaurant;
  return (
    <Providers fallback={{ [SESSION_KEY]: sessionResponseOf(viewer, await guestOrdersOpen()) }}>
      <DashboardShell brand={name} titlePrefix={titlePrefix(name)} showCart={!hasRole(viewer.role, 'staff')} nav={<Sidebar links={sidebarOf(viewer.role)} brand={name} />}>
        {children}
      </DashboardShell>
    </Providers>
  );
}
