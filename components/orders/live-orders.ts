import { isLaterStatus } from '@/lib/orders/status';
import type { Order, OrderStatus } from '@/lib/orders/types';
import type { ListPage } from '@/lib/pagination/link';

/** Keeping a list of orders current from the events of the order stream (client-safe). */

const newestFirst = (a: Order, b: Order) => b.data.localeCompare(a.data) || b._id.localeCompare(a._id);

/**
 * `list` with `order` as an event reports it: in its place, added when `belongs` says it should
 * be there, dropped when it no longer should. A report older than what the list has (events may
 * come twice, or late, after a reconnect) changes nothing. Newest payment first, as the API lists.
 */
export function withOrder(list: Order[], order: Order, belongs: (order: Order) => boolean = () => true): Order[] {
  const current = list.find((o) => o._id === order._id);
  if (current && isLaterStatus(current.status, order.status)) return list;
  const others = list.filter((o) => o._id !== order._id);
  if (!belongs(order)) return current ? others : list;
  return [...others, order].sort(newestFirst);
}

/** `list` of anything with an order's id and status, with the status an event reports, if later. */
export function withStatus<T extends { _id: string; status: OrderStatus }>(list: T[], order: Pick<Order, '_id' | 'status'>): T[] {
  return list.map((item) => (item._id === order._id && isLaterStatus(order.status, item.status) ? { ...item, status: order.status } : item));
}

/**
 * Pages of a list read a page at a time, with `order` as an event reports it: changed in the page
 * that holds it; when new, put in the first loaded page it sorts into, and left for a later page
 * to bring when it sorts after everything loaded while more pages remain.
 */
export function withOrderInPages(pages: ListPage<Order>[], order: Order, belongs: (order: Order) => boolean = () => true): ListPage<Order>[] {
  const holder = pages.findIndex((page) => page.items.some((o) => o._id === order._id));
  const target =
    holder >= 0
      ? holder
      : belongs(order)
        ? pages.findIndex((page, i) => {
            const last = page.items.at(-1);
            return !last || newestFirst(order, last) < 0 || (i === pages.length - 1 && !page.next);
          })
        : -1;
  if (target < 0) return pages;
  return pages.map((page, i) => (i === target ? { ...page, items: withOrder(page.items, order, belongs) } : page));
}
