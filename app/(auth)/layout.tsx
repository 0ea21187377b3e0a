import type { ReactNode } from 'react';
import Link from 'next/link';
import { Providers } from '@/components/session/providers';
import { publicSettings } from '@/lib/settings/public';

/** Login and sign-up: no top bar and no footer (spec §2), just the form beside a picture. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { name } = (await publicSettings()).versioned.settings.restaurant;
  return (
    <Providers>
      <main id="main" className="grid min-h-screen place-items-center bg-cream px-4 py-10">
        <div className="grid w-full max-w-5xl overflow-hidden rounded-lg bg-white shadow-xl md:grid-cols-2">
          <div className="relative hidden md:block">
            {/* eslint-disable-next-line @next/next/no-img-element -- decorative local SVG */}
            <img src="/images/home/slide-2.svg" alt="" className="absolute inset-0 h-full w-full object-cover" />
          </div>
          <div className="px-6 py-10 md:px-12">
            <Link href="/" className="mb-6 block font-display text-xl font-bold">
              {name}
            </Link>
            {children}
          </div>
        </div>
      </main>
    </Providers>
  );
}
