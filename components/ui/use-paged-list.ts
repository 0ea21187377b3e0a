'use client';

import useSWRInfinite from 'swr/infinite';
import { apiPage } from '@/lib/client/api';
import { withLimit, type FirstPage, type ListPage } from '@/lib/pagination/link';

export type { FirstPage };

/**
 * A list read a page at a time from `url` (an API that answers a page and a `Link` to the next):
 * the first page comes from the server's HTML when it was read for the same address; `loadMore`
 * reads the next. Pages already shown keep their place when new rows arrive on top (the cursors
 * are positions, not offsets).
 */
export function usePagedList<T extends { _id: string }>(url: string | null, first?: FirstPage<T>, { refreshInterval }: { refreshInterval?: number } = {}) {
  const { data, error, size, setSize, mutate, isLoading } = useSWRInfinite<ListPage<T>>(
    // A first page may be a screenful (FIRST_SCREEN); the pages after it are the API's full ones.
    (index, previous: ListPage<T> | null) => (index === 0 ? url : previous?.next ? withLimit(previous.next, null) : null),
    apiPage<T>,
    { fallbackData: first && first.url === url ? [first] : undefined, revalidateFirstPage: true, keepPreviousData: true, refreshInterval },
  );
  const pages = data ?? null;
  const loadingMore = !!pages && size > pages.length;
  const hasMore = !!pages?.at(-1)?.next;
  return {
    pages,
    items: pages ? distinct(pages.flatMap((page) => page.items)) : undefined,
    total: pages?.[0]?.total ?? null,
    hasMore,
    loadingMore,
    isLoading,
    error,
    mutate,
    loadMore: () => {
      if (hasMore && !loadingMore) void setSize(pages!.length + 1);
    },
  };
}

/** A row shown once, where it first appears (a row that moved between two reads of its pages). */
function distinct<T extends { _id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row._id) && seen.add(row._id));
}
