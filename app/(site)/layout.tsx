import type { ReactNode } from 'react';
import { TopBar } from '@/components/layout/top-bar';
import { Footer } from '@/components/layout/footer';
import { publicSettings } from '@/lib/settings/public';

/**
 * The public site: top bar, page, footer. Login and signUp live outside this group, so they have
 * neither. No SWR provider here: the only session code is the top bar's account area, which loads
 * late with its own. The restaurant's name, contact and hours come from its settings, read on
 * the server: a save renders these pages again (lib/settings/store.ts), no rebuild.
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { restaurant, schedule } = (await publicSettings()).versioned.settings;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2 focus:text-ink">
        Skip to content
      </a>
      <TopBar name={restaurant.name} tagline={restaurant.tagline} />
      <main id="main">{children}</main>
      <Footer restaurant={restaurant} hours={schedule.hours} />
    </>
  );
}
