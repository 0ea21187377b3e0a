'use client';

/** Last resort when the root layout itself fails: no styles or fonts can be assumed. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '10vh 1rem' }}>
        <h1>Something went wrong</h1>
        <p>{error.digest ? `Reference ${error.digest}.` : 'An unexpected error happened.'}</p>
        <button type="button" onClick={reset} style={{ padding: '0.75rem 1.5rem', marginTop: '1rem' }}>
          Try again
        </button>
      </body>
    </html>
  );
}
