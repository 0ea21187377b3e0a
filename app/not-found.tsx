import Link from 'next/link';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <main id="main" className="grid min-h-screen place-items-center bg-cream px-4 text-center">
      <div>
        <p className="font-display text-7xl text-gold">404</p>
        <h1 className="mt-4 font-display text-3xl uppercase">Page not found</h1>
        <p className="mt-3 text-gray-600">We looked in the kitchen and the pantry: this page is not on the menu.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link href="/" className="rounded bg-ink px-6 py-3 font-semibold text-white hover:bg-gold">
            Back to home
          </Link>
          <Link href="/menu" className="rounded border border-ink px-6 py-3 font-semibold hover:bg-ink hover:text-white">
            See the menu
          </Link>
        </div>
      </div>
    </main>
  );
}
