import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cinzel } from './fonts';
import { site, pageTitle } from '@/lib/config/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: pageTitle('Home'), template: `%s` },
  description: `${site.brand}: seasonal salads, wood-fired pizza, soups and desserts. Browse the menu and order online.`,
  applicationName: site.brand,
  openGraph: { type: 'website', siteName: site.brand, locale: 'en_US' },
  twitter: { card: 'summary_large_image' },
};

export const viewport: Viewport = {
  themeColor: '#151515',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={cinzel.variable}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
