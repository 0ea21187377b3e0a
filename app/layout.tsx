import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cinzel } from './fonts';
import { DemoPaymentsBanner } from '@/components/layout/demo-payments-banner';
import { site, titlePrefix } from '@/lib/config/site';
import { publicSettings } from '@/lib/settings/public';
import './globals.css';

/** Every page's title is '{name} | {page}', the restaurant's name from its settings; a page names only itself. */
export async function generateMetadata(): Promise<Metadata> {
  const { name } = (await publicSettings()).versioned.settings.restaurant;
  const title = { default: `${titlePrefix(name)}Home`, template: `${titlePrefix(name)}%s` };
  return {
    metadataBase: new URL(site.url),
    title,
    description: `${name}: seasonal salads, wood-fired pizza, soups and desserts. Browse the menu and order online.`,
    applicationName: name,
    openGraph: { type: 'website', siteName: name, locale: 'en_US', title },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = {
  themeColor: '#151515',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={cinzel.variable}>
      <body className="min-h-screen font-sans">
        <DemoPaymentsBanner />
        {children}
      </body>
    </html>
  );
}
