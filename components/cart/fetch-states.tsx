import Link from 'next/link';
import type { ReactNode } from 'react';

/** The states every dashboard list shares while its data is on the way, missing or empty. */

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 rounded bg-white p-10 text-gray-600 shadow-sm">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-gold border-t-transparent" aria-hidden="true" />
      {label}
    </div>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded bg-red-50 p-10 text-center text-red-700">
      <p>We could not load {what}. Check your connection and try again.</p>
      <button type="button" onClick={onRetry} className="rounded bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
      <p>{children}</p>
      <Link href="/order/salad" className="rounded bg-gold px-5 py-2 font-semibold text-white hover:bg-gold-dark">
        Order food
      </Link>
    </div>
  );
}
