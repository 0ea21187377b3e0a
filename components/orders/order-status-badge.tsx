import type { OrderStatus } from '@/lib/orders/types';

/** One colour per step of an order, the same wherever an order's status is shown. */
export const ORDER_STATUS_STYLE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  preparing: 'bg-blue-100 text-blue-900',
  ready: 'bg-green-100 text-green-900',
  completed: 'bg-gray-200 text-gray-800',
  cancelled: 'bg-red-100 text-red-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap capitalize ${ORDER_STATUS_STYLE[status]}`}>
      {status}
    </span>
  );
}
