'use client';

import Link from 'next/link';
import { useEffect } from 'react';

/**
 * The unexpected-error screen (spec §2). In production the server's error details never reach
 * the browser, only a digest that matches the server log, so the screen offers that reference.
 */
export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string; status?: number }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main" role="alert" className="grid min-h-[70vh] place-items-center px-4 py-24 text-center">
      <div>
        <p className="font-display text-5xl text-gold">{error.status ?? 'Oops'}</p>
        <h1 className="mt-4 font-display text-3xl uppercase">Something went wrong</h1>
        <p className="mt-3 text-gray-600">We could not load this page. Please try again in a moment.</p>
        {error.digest ? <p className="mt-2 text-sm text-gray-500">Reference {error.digest}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <button type="button" onClick={reset} className="rounded bg-ink px-6 py-3 font-semibold text-white hover:bg-gold">
            Try again
          </button>
          <Link href="/" className="rounded border border-ink px-6 py-3 font-semibold hover:bg-ink hover:text-white">
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
