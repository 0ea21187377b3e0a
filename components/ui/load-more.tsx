'use client';

import { useEffect, useRef } from 'react';
import { describeTotal, type ListTotal } from '@/lib/pagination/link';

/**
 * Under a list read a page at a time: how many are shown of how many there are, and a button
 * that reads the next page. The button also presses itself when it scrolls into view, so a
 * person who scrolls is never stopped; keyboard and screen-reader users press it, and hear the
 * count change (a polite live region).
 */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
  noun,
}: {
  shown: number;
  total: ListTotal | null;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  noun: [one: string, many: string];
}) {
  const button = useRef<HTMLButtonElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  });
  useEffect(() => {
    const target = button.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMoreRef.current();
    }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);

  const of = total ? ` of ${describeTotal(total, ...noun)}` : ` ${noun[shown === 1 ? 0 : 1]}`;
  const max = total && !total.atLeast ? total.count : undefined;
  return (
    <div className="flex flex-col items-center gap-3 py-4">
      <p role="status" aria-live="polite" className="text-sm text-gray-600">
        Showing {shown.toLocaleString('en-US')}
        {of}
        {loading ? ', loading more…' : ''}
      </p>
      {max ? <progress value={shown} max={max} aria-hidden="true" className="h-1.5 w-48 accent-gold" /> : null}
      {hasMore ? (
        <button
          ref={button}
          type="button"
          onClick={onMore}
          disabled={loading}
          aria-busy={loading}
          className="min-h-11 rounded border-2 border-ink px-6 py-2 font-semibold hover:bg-cream disabled:cursor-wait disabled:opacity-60"
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
