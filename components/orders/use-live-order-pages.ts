'use client';

import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import type { Order } from '@/lib/orders/types';
import { withOrderInPages } from './live-orders';
import { useOrderStream } from './use-order-stream';

/**
 * The orders at `url`, a page at a time (the first from the server's HTML), kept current by the
 * order stream: an order paid or moved on elsewhere takes its place in the pages loaded, or
 * leaves them when `belongs` says it no longer fits the filters.
 */
export function useLiveOrderPages(url: string, { since, first, belongs }: { since: string; first: FirstPage<Order>; belongs: (order: Order) => boolean }) {
  const list = usePagedList<Order>(url, first);
  const { mutate, pages, isLoading } = list;
  const { reconnecting } = useOrderStream({
    after: since,
    onOrder: (order) => {
      if (isLoading || !pages) void mutate();
      else void mutate((cached) => withOrderInPages(cached ?? pages, order, belongs), { revalidate: false });
    },
    onRefused: () => void mutate(),
  });
  return { ...list, reconnecting };
}
