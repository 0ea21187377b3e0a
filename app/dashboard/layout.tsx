import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Sidebar } from '@/components/dashboard/sidebar';
import { Providers } from '@/components/session/providers';
import { currentUser } from '@/lib/auth/current-user';
import { site } from '@/lib/config/site';

export const metadata: Metadata = { title: `${site.brand} | Dashboard`, robots: { index: false, follow: false } };

/** The dashboard shell. proxy.ts already sent anonymous visitors to /login; this reads the role. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect('/login?from=/dashboard/userHome');
  return (
    <Providers>
      <div className="md:flex">
        <Sidebar admin={user.admin} brand={site.brand} />
        <main id="main" className="min-w-0 flex-1 bg-cream/50 px-4 py-8 md:px-10">
          {children}
        </main>
      </div>
    </Providers>
  );
}
