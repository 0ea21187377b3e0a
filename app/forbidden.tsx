import Link from 'next/link';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Not yours', robots: { index: false } };

/** A page that exists but belongs to somebody else (another diner's receipt): answered 403. */
export default function Forbidden() {
  return (
    <main id="main" className="grid min-h-screen place-items-center bg-cream px-4 text-center">
      <div>
        <p className="font-display text-7xl text-gold">403</p>
        <h1 className="mt-4 font-display text-3xl uppercase">Not yours to see</h1>
        <p className="mt-3 text-gray-600">This page belongs to another account.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link href="/dashboard" className="rounded bg-ink px-6 py-3 font-semibold text-white hover:bg-gold">
            Your dashboard
          </Link>
        </div>
      </div>
    </main>
  );
}
