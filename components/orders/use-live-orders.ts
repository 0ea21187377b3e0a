'use client';

import useSWR from 'swr';
import type { Order } from '@/lib/orders/types';
import { withOrder } from './live-orders';
import { useOrderStream } from './use-order-stream';

export interface LiveOrdersOptions {
  /** When the page's orders were read on the server (lib/orders/feed/cursor.ts `cursorAt`). */
  since: string;
  /** Whether an order belongs in this list (the kitchen keeps its three statuses). */
  belongs?: (order: Order) => boolean;
  /** Each event, with the order as the list had it before (the kitchen chimes for a new ticket). */
  onOrder?: (order: Order, before: Order | undefined) => void;
  /** The list is a kitchen display's (see useOrderStream). */
  kitchen?: boolean;
}

/**
 * The orders at `key` (read first on the server: SWR's fallback), kept current by the order
 * stream rather than by polling. SWR keeps a page's fallback outside its cache, so an event that
 * comes before the first read in the browser starts from what is on screen; one that comes while
 * another list is shown in its place (a filter just changed) has the list read again.
 */
export function useLiveOrders(key: string, { since, belongs, onOrder, kitchen }: LiveOrdersOptions) {
  const { data: orders, error, isLoading, mutate } = useSWR<Order[]>(key, { keepPreviousData: true });
  const { reconnecting } = useOrderStream({
    after: since,
    kitchen,
    onOrder: (order) => {
      onOrder?.(order, orders?.find((o) => o._id === order._id));
      if (isLoading) void mutate();
      else void mutate((cached) => withOrder(cached ?? orders ?? [], order, belongs), { revalidate: false });
    },
    onRefused: () => void mutate(),
  });
  return { orders, error, mutate, reconnecting };
}
