'use client';

import useSWR from 'swr';
import { EmptyState, LoadFailed, Loading } from '@/components/cart/fetch-states';
import { Cell, ListTable, Row } from '@/components/cart/list-table';
import { useSession } from '@/components/session/use-session';
import { formatPrice } from '@/lib/menu/money';
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

export function PaymentHistory() {
  const { user } = useSession();
  const key = user ? `/api/payments/${encodeURIComponent(user.email)}` : null;
  const { data: payments, error, mutate } = useSWR<Payment[]>(key, { refreshInterval: REFRESH_MS });

  if (!payments) return error ? <LoadFailed what="your payments" onRetry={() => void mutate()} /> : <Loading label="Loading your payments…" />;
  if (!payments.length) return <EmptyState>You have not paid for an order yet.</EmptyState>;

  return (
    <section aria-label="Your payments" className="rounded bg-white p-6 shadow-sm md:p-10">
      <p className="mb-8 font-display text-2xl uppercase">Total payments: {payments.length}</p>
      <ListTable columns={['#', 'Price', 'Transaction id', 'Date', 'Status']}>
        {payments.map((payment, index) => (
          <Row key={payment._id}>
            <Cell className="font-semibold">{index + 1}</Cell>
            <Cell>{formatPrice(payment.price)}</Cell>
            <Cell className="font-mono text-sm break-all">{payment.transactionId}</Cell>
            <Cell className="whitespace-nowrap">
              <time dateTime={payment.data}>{when.format(new Date(payment.data))}</time>
            </Cell>
            <Cell>
              <span className={`rounded-full px-3 py-1 text-sm font-semibold capitalize ${STATUS_STYLE[payment.status]}`}>{payment.status}</span>
            </Cell>
          </Row>
        ))}
      </ListTable>
    </section>
  );
}
