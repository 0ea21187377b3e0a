import type { Fulfilment, Order, OrderStatus } from './types';

/** How an order is named and its status worded on screen, in one place (client-safe). */

/** "#1042": the order number the kitchen calls out, or the end of its id for an order from before orders were numbered. */
export function orderLabel(order: Pick<Order, '_id' | 'number'>): string {
  return order.number !== undefined ? `#${order.number}` : `#${order._id.slice(-4).toUpperCase()}`;
}

/** What the diner is told about their order at each status. */
export function dinerStatusLabel(order: { status: OrderStatus; fulfilment?: Fulfilment }): string {
  switch (order.status) {
    case 'pending':
      return 'Order received';
    case 'preparing':
      return 'Being prepared';
    case 'ready':
      return order.fulfilment?.kind === 'table' ? `On its way to table ${order.fulfilment.table}` : 'Ready for pickup';
    case 'completed':
      return order.fulfilment?.kind === 'table' ? 'Served' : 'Picked up';
    case 'cancelled':
      return 'Cancelled';
  }
}
