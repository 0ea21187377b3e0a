'use client';

import Link from 'next/link';
import useSWR from 'swr';
import { useSession } from '@/components/session/use-session';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { ChosenOptions } from '@/components/menu/chosen-options';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { formatPrice } from '@/lib/menu/money';
import { orderLabel } from '@/lib/orders/wording';
import type { Payment } from '@/lib/payments/types';

/** Orders move on in the kitchen (pending, preparing, ready…), so the list refreshes itself. */
const REFRESH_MS = 5000;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_STYLE: Record<Payment['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  preparing: 'bg-blue-100 text-blue-900',
  ready: 'bg-green-100 text-green-900',
  completed: 'bg-gray-200 text-gray-800',
  cancelled: 'bg-red-100 text-red-900',
};

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
  { header: 'Pickup or table', cell: (payment) => (payment.fulfilment ? fulfilmentLabel(payment.fulfilment) : '—'), className: 'whitespace-nowrap' },
  {
    header: 'Price',
    cell: (payment) => (
      <>
        {formatPrice(payment.price)}
        {payment.tip ? <span className="block text-xs text-gray-600">with {formatPrice(payment.tip)} tip</span> : null}
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
      <span className={`rounded-full px-3 py-1 text-sm font-semibold capitalize ${STATUS_STYLE[payment.status]}`}>{payment.status}</span>
    ),
  },
];

export function PaymentHistory() {
  const { user } = useSession();
  const key = user ? `/api/payments/${encodeURIComponent(user.email)}` : null;
  const { data: payments, error, mutate } = useSWR<Payment[]>(key, { refreshInterval: REFRESH_MS });

  if (!payments) {
    const failed = 'We could not load your payments. Check your connection and try again.';
    return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading your payments…" failed={failed} />;
  }
  if (!payments.length) return <EmptyState action={{ href: '/order/salad', label: 'Order food' }}>You have not paid for an order yet.</EmptyState>;

  return (
    <section aria-label="Your payments" className="rounded bg-white p-6 shadow-sm md:p-10">
      <p className="mb-8 font-display text-2xl uppercase">Total payments: {payments.length}</p>
      <DataTable caption="Payments" columns={COLUMNS} rows={payments} />
    </section>
  );
}
