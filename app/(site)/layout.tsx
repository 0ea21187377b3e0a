import type { ReactNode } from 'react';
import { TopBar } from '@/components/layout/top-bar';
import { Footer } from '@/components/layout/footer';
import { Providers } from '@/components/session/providers';

/** The public site: top bar, page, footer. Login and signUp live outside this group, so they have neither. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2 focus:text-ink">
        Skip to content
      </a>
      <TopBar />
      <main id="main">{children}</main>
      <Footer />
    </Providers>
  );
}
