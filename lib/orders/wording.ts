import type { Order } from './types';

/** How an order is named on screen (client-safe). */

/** "#1042": the order number the kitchen calls out, or the end of its id for an order from before orders were numbered. */
export function orderLabel(order: Pick<Order, '_id' | 'number'>): string {
  return order.number !== undefined ? `#${order.number}` : `#${order._id.slice(-4).toUpperCase()}`;
}
