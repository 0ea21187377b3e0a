'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ConnectionNotice } from '@/components/orders/connection-notice';
import { withStatus } from '@/components/orders/live-orders';
import { ORDER_STATUS_STYLE } from '@/components/orders/order-status-badge';
import { useOrderStream } from '@/components/orders/use-order-stream';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { ChosenOptions } from '@/components/menu/chosen-options';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { formatCents, formatPrice } from '@/lib/menu/money';
import { formatTotal } from '@/lib/pagination/link';
import type { Order } from '@/lib/orders/types';
import { dinerStatusLabel, orderLabel } from '@/lib/orders/wording';
import type { Payment } from '@/lib/payments/types';
import { OrderAgainButton } from './order-again';
import { ReadyAlerts, notifyReady } from './ready-alerts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What was bought, line by line; payments from before lines were kept give the number of dishes. */
function Items({ payment }: { payment: Payment }) {
  if (!payment.lines) return <>{payment.menuItemIds.length === 1 ? '1 dish' : `${payment.menuItemIds.length} dishes`}</>;
  return (
    <ul className="space-y-1">
      {payment.lines.map((line, i) => (
        <li key={i}>
          <span className="font-semibold">
            {line.quantity}× {line.name}
          </span>
          <ChosenOptions options={line.options} note={line.note} />
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<Payment>[] = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (payment) => (
      <Link href={`/dashboard/orders/${payment._id}`} className="font-semibold whitespace-nowrap text-gold underline">
        {orderLabel(payment)}
        <span className="sr-only">: receipt</span>
      </Link>
    ),
  },
  { header: 'Items', cell: (payment) => <Items payment={payment} /> },
  {
    header: 'Again',
    // Payments from before lines were kept do not say what was in them.
    cell: (payment) => (payment.lines?.length ? <OrderAgainButton orderId={payment._id} label={orderLabel(payment)} /> : null),
  },
  { header: 'Pickup or table', cell: (payment) => (payment.fulfilment ? fulfilmentLabel(payment.fulfilment) : '—'), className: 'whitespace-nowrap' },
  {
    header: 'Price',
    cell: (payment) => (
      <>
        {formatPrice(payment.price)}
        {payment.tip ? <span className="block text-xs text-gray-600">with {formatPrice(payment.tip)} tip</span> : null}
        {payment.refundedCents ? <span className="block text-xs font-semibold text-green-800">Refunded {formatCents(payment.refundedCents)}</span> : null}
      </>
    ),
    className: 'tabular-nums',
  },
  {
    header: 'Date',
    cell: (payment) => <time dateTime={payment.data}>{when.format(new Date(payment.data))}</time>,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Status',
    cell: (payment) => (
      <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${ORDER_STATUS_STYLE[payment.status]} ${payment.status === 'ready' ? 'ring-2 ring-green-700' : ''}`}>
        {dinerStatusLabel(payment)}
      </span>
    ),
  },
];

/**
 * The diner's payments, each with where its order is. The kitchen's changes arrive through the
 * order stream (`since`: when the page read the list on the server); when an order becomes ready
 * the page says so, and the browser too if the diner allowed notifications.
 */
export function PaymentHistory({ since, first }: { since: string; first: FirstPage<Payment> }) {
  const { items: payments, pages, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<Payment>(first.url, first);
  const [ready, setReady] = useState<Order[]>([]);
  const { reconnecting } = useOrderStream({
    after: since,
    mine: true,
    onOrder: (order) => {
      const before = payments?.find((payment) => payment._id === order._id);
      // Paid in another tab or on another device since this list was read: read it again.
      if (!before) return void mutate();
      if (order.status === 'ready' && before.status !== 'ready') {
        setReady((shown) => [...shown.filter((o) => o._id !== order._id), order]);
        notifyReady(order);
      }
      // A refund changes no status: it is taken from the stream as it comes.
      const refunded = (list: Payment[]) => list.map((p) => (p._id === order._id ? { ...p, ...(order.refundedCents ? { refundedCents: order.refundedCents } : {}) } : p));
      void mutate((cached) => (cached ?? pages ?? []).map((page) => ({ ...page, items: refunded(withStatus(page.items, order)) })), { revalidate: false });
    },
    onRefused: () => void mutate(),
  });

  if (!payments) {
    const failed = 'We could not load your payments. Check your connection and try again.';
    return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading your payments…" failed={failed} />;
  }
  if (!payments.length) return <EmptyState action={{ href: '/order/salad', label: 'Order food' }}>You have not paid for an order yet.</EmptyState>;

  return (
    <section aria-label="Your payments" className="space-y-4 rounded bg-white p-6 shadow-sm md:p-10">
      <ReadyAlerts ready={ready} onDismiss={(id) => setReady((shown) => shown.filter((o) => o._id !== id))} />
      <ConnectionNotice reconnecting={reconnecting} />
      <p className="mb-8 font-display text-2xl uppercase">Total payments: {total ? formatTotal(total) : payments.length}</p>
      <DataTable caption="Payments" columns={COLUMNS} rows={payments} />
      <LoadMore shown={payments.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['payment', 'payments']} />
    </section>
  );
}
