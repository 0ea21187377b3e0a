'use client';

import Link from 'next/link';
import { useEffect } from 'react';

/** The unexpected-error screen (spec §2): says what happened and offers a way on. */
export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string; status?: number }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const unavailable = /database|unavailable|ECONNREFUSED|ServerSelection/i.test(error.message);
  return (
    <main id="main" role="alert" className="grid min-h-[70vh] place-items-center px-4 py-24 text-center">
      <div>
        <p className="font-display text-5xl text-gold">{error.status ?? 'Oops'}</p>
        <h1 className="mt-4 font-display text-3xl uppercase">
          {unavailable ? 'The kitchen is catching its breath' : 'Something went wrong'}
        </h1>
        <p className="mt-3 text-gray-600">
          {unavailable
            ? 'We cannot reach our menu right now. Please try again in a moment.'
            : error.digest
              ? `An unexpected error happened (reference ${error.digest}).`
              : error.message || 'An unexpected error happened.'}
        </p>
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
