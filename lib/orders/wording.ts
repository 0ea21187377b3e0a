import type { Fulfilment, Order, OrderStatus } from './types';

/** How an order is named and its status worded on screen, in one place (client-safe). */

/** The ticket name the kitchen calls out: the order number, or the end of its id until orders are numbered. */
export function orderLabel(order: Pick<Order, '_id' | 'number'>): string {
  return order.number !== undefined ? `#${order.number}` : `#${order._id.slice(-4).toUpperCase()}`;
}

const slotTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "Pickup 7:30 PM" or "Table 7", for the kitchen's ticket. */
export function fulfilmentLabel(fulfilment: Fulfilment): string {
  return fulfilment.kind === 'pickup' ? `Pickup ${slotTime.format(new Date(fulfilment.slot))}` : `Table ${fulfilment.table}`;
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
