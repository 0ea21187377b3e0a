import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * What a page shows while its data is on the way, when it could not be read, and when there is
 * none: one look and one set of roles for every feature (a status for waiting and empty, an alert
 * with a retry for a failure).
 */

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 rounded-lg bg-white p-10 text-gray-600 shadow-sm">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-gold border-t-transparent" aria-hidden="true" />
      {children}
    </div>
  );
}

export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-lg bg-red-50 p-10 text-center text-red-700">
      <p>{children}</p>
      <button type="button" onClick={onRetry} className="min-h-11 rounded bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}

/** An empty list, and where to go to fill it when that is somewhere else. */
export function EmptyState({ children, action }: { children: ReactNode; action?: { href: string; label: string } }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
      <p>{children}</p>
      {action ? (
        <Link href={action.href} className="inline-flex min-h-11 items-center rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** Until a read has data: its failure with a retry once it has failed, a spinner before that. */
export function LoadingOrError({ error, onRetry, loading, failed }: { error: unknown; onRetry: () => void; loading: ReactNode; failed: ReactNode }) {
  return error ? <LoadError onRetry={onRetry}>{failed}</LoadError> : <LoadingState>{loading}</LoadingState>;
}
