import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { Sidebar } from '@/components/dashboard/sidebar';
import { Providers } from '@/components/session/providers';
import { requirePageViewer } from '@/lib/auth/viewer';
import { site } from '@/lib/config/site';

export const metadata: Metadata = { title: `${site.brand} | Dashboard`, robots: { index: false, follow: false } };

/** The dashboard shell, with the sidebar of the viewer's role. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePageViewer();
  return (
    <Providers>
      <div className="md:flex">
        <Sidebar role={viewer.role} brand={site.brand} />
        <main id="main" className="min-w-0 flex-1 bg-cream/50 px-4 py-8 md:px-10">
          {children}
        </main>
      </div>
    </Providers>
  );
}
