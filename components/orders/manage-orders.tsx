'use client';

import { useState, type ReactNode } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { useAction } from '@/components/admin/use-action';
import { DateRangeFields, FILTER_FIELD, FilterSelect, listUrl } from '@/components/ui/filter-fields';
import { LoadMore } from '@/components/ui/load-more';
import { SearchField } from '@/components/ui/search-field';
import type { FirstPage } from '@/components/ui/use-paged-list';
import { ApiError, api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { byPickupSlot, fulfilmentLabel } from '@/lib/fulfilment/labels';
import { formatCents, formatPrice } from '@/lib/menu/money';
import { orderLabel } from '@/lib/orders/wording';
import { ORDER_STATUSES, stepsFor, type OrderStep } from '@/lib/orders/status';
import type { Order, OrderStatus } from '@/lib/orders/types';
import { orderMatches } from '@/lib/orders/filters';
import { formatTotal } from '@/lib/pagination/link';
import type { FulfilmentKind, OrderFilters } from '@/lib/orders/schemas';
import { ChosenOptions } from '@/components/menu/chosen-options';
import { reprintTickets, usePrinterAlerts } from '@/components/printing/printer-alerts';
import { ConnectionNotice } from './connection-notice';
import { OrderStatusBadge } from './order-status-badge';
import { useLiveOrderPages } from './use-live-order-pages';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

const STEP: Record<OrderStep, { label: string; done: string; className: string }> = {
  preparing: { label: 'Start preparing', done: 'Preparing the order', className: 'bg-blue-700 hover:bg-blue-800' },
  ready: { label: 'Ready for pickup', done: 'Order ready for pickup', className: 'bg-green-700 hover:bg-green-800' },
  completed: { label: 'Complete', done: 'Order completed', className: 'bg-ink hover:bg-gold' },
  cancelled: { label: 'Cancel', done: 'Order cancelled', className: 'bg-red-600 hover:bg-red-700' },
};

function StepButton({ order, step, onChanged }: { order: Order; step: OrderStep; onChanged: () => Promise<unknown> }) {
  const { busy, run } = useAction();
  const { label, done, className } = STEP[step];

  function onClick() {
    void run(async () => {
      if (step === 'cancelled') {
        const confirmed = await notify.confirm({
          icon: 'warning',
          title: 'Cancel this order?',
          text: `${order.email}, ${formatPrice(order.price)}, paid ${formatWhen(order.data)}. A cancelled order cannot be reopened.`,
          confirmButtonText: 'Yes, cancel it',
        });
        if (!confirmed) return;
      }
      try {
        // `from` is the status on screen: if another admin moved the order meanwhile, this is refused.
        await api<Order>(`/api/orders/${order._id}`, { method: 'PATCH', json: { status: step, from: order.status } });
        void notify.toast(done);
      } finally {
        await onChanged(); // after a refusal too, so the list shows what happened meanwhile
      }
    });
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={`${label}: order ${orderLabel(order)} of ${order.email}, ${formatWhen(order.data)}`}
      className={`min-h-11 rounded px-3 py-2 text-sm font-semibold whitespace-nowrap text-white transition disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      {busy ? 'Working…' : label}
    </button>
  );
}

/** Prints the order's tickets again, marked REPRINT, on the printers that had them. */
function ReprintButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    await reprintTickets(order._id, `Order ${orderLabel(order)}`);
    setBusy(false);
  }
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      aria-label={`Reprint the tickets of order ${orderLabel(order)}`}
      className="min-h-11 rounded border-2 border-ink px-3 py-2 text-sm font-semibold whitespace-nowrap hover:bg-cream disabled:cursor-wait disabled:opacity-60"
    >
      {busy ? 'Sending…' : 'Reprint'}
    </button>
  );
}

/** The status badge, and the order's steps with their times when opened. */
function StatusCell({ order }: { order: Order }) {
  return (
    <div className="space-y-2">
      <OrderStatusBadge status={order.status} />
      <details className="text-xs text-gray-600">
        <summary className="cursor-pointer rounded py-3.5 underline-offset-2 hover:underline">Timeline</summary>
        <ol className="mt-2 space-y-1 border-l-2 border-gray-200 pl-3">
          {order.history.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <span className="font-semibold capitalize">{step.status}</span>{' '}
              <time dateTime={step.at} className="whitespace-nowrap">
                {formatWhen(step.at)}
              </time>
              {step.by ? ` by ${step.by}` : ''}
            </li>
          ))}
          {(order.refunds ?? []).map((refund) => (
            <li key={refund.id}>
              <span className="font-semibold">{refund.status === 'done' ? 'Refunded' : refund.status === 'failed' ? 'Refund failed' : 'Refund under way'}</span> {formatCents(refund.cents)}{' '}
              <time dateTime={refund.at} className="whitespace-nowrap">
                {formatWhen(refund.at)}
              </time>
              {refund.by ? ` by ${refund.by}` : ''}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

const FILTER_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending (paid, not started)',
  preparing: 'Preparing',
  ready: 'Ready for pickup',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Where pickup orders go in the list: open ones by their slot, soonest first; or all by payment time. */
type Sort = 'newest' | 'slot';
const ACTIVE: readonly OrderStatus[] = ['pending', 'preparing', 'ready'];

/** The filters as the form holds them: empty is "any". */
interface FilterForm {
  status: OrderStatus | '';
  fulfilment: FulfilmentKind | '';
  from: string;
  to: string;
  search: string;
}

const NO_FILTERS: FilterForm = { status: '', fulfilment: '', from: '', to: '', search: '' };


const filtersOf = (form: FilterForm): OrderFilters => ({
  ...(form.status ? { status: [form.status] } : {}),
  ...(form.fulfilment ? { fulfilment: form.fulfilment } : {}),
  ...(form.from ? { from: form.from } : {}),
  ...(form.to ? { to: form.to } : {}),
  ...(form.search ? { search: form.search } : {}),
});

/** The filters and the search: each choice reads the list again; the search after a pause in typing. */
function OrderFilterBar({ form, onChange }: { form: FilterForm; onChange: (form: FilterForm) => void }) {
  return (
    <form role="search" aria-label="Filter orders" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-end gap-4">
      <SearchField id="order-search" label="Search" placeholder="Number, name or email" value={form.search} onSearch={(search) => onChange({ ...form, search })} />
      <FilterSelect id="order-filter" label="Show" value={form.status} onChange={(status) => onChange({ ...form, status: status as OrderStatus | '' })}>
        <option value="">All orders</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {FILTER_LABEL[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="order-fulfilment" label="Pickup or table" value={form.fulfilment} onChange={(fulfilment) => onChange({ ...form, fulfilment: fulfilment as FulfilmentKind | '' })}>
        <option value="">Both</option>
        <option value="pickup">Pickup</option>
        <option value="table">Table</option>
      </FilterSelect>
      <DateRangeFields id="order" labels={['Paid from', 'Paid until']} from={form.from} to={form.to} onChange={(range) => onChange({ ...form, ...range })} />
    </form>
  );
}

/**
 * The orders, newest first, a page at a time, with their fulfilment and the buttons that move them
 * on to their next steps. Orders paid or moved on elsewhere (the kitchen, another screen) arrive
 * through the order stream; `since` is when the page read the first page on the server, and
 * `timeZone` the restaurant's, whose days the date filters name.
 */
export function ManageOrders({ since, first, timeZone, isAdmin }: { since: string; first: FirstPage<Order>; timeZone: string; isAdmin: boolean }) {
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const [sort, setSort] = useState<Sort>('slot');
  const url = listUrl(first.url, { ...form });
  const filters = filtersOf(form);
  const { items: orders, total, hasMore, loadingMore, loadMore, error, mutate, reconnecting } = useLiveOrderPages(url, {
    since,
    first,
    belongs: (o) => orderMatches(o, filters, timeZone),
  });
  const filtered = url !== first.url;
  const printing = usePrinterAlerts();

  const columns: Column<Order>[] = [
    { header: 'Order', rowHeader: true, cell: (o) => <span className="font-semibold whitespace-nowrap">{orderLabel(o)}</span> },
    {
      header: 'Pickup or table',
      cell: (o) =>
        o.fulfilment ? (
          <>
            <span className="block font-semibold whitespace-nowrap">{fulfilmentLabel(o.fulfilment)}</span>
            {o.fulfilment.kind === 'pickup' ? <span className="block text-xs whitespace-nowrap text-gray-600">{o.fulfilment.date}</span> : null}
          </>
        ) : (
          <span className="text-gray-500">—</span>
        ),
    },
    {
      header: 'Paid',
      cell: (o) => (
        <time dateTime={o.data} className="whitespace-nowrap">
          {formatWhen(o.data)}
        </time>
      ),
    },
    {
      header: 'Customer',
      cell: (o) => (
        <>
          {o.name ? <span className="block font-semibold">{o.name}</span> : null}
          <span className="break-all">{o.email}</span>
        </>
      ),
    },
    {
      header: 'Items',
      cell: (o) => (
        <>
          <span className="block font-semibold">
            {o.itemCount} {o.itemCount === 1 ? 'dish' : 'dishes'}
          </span>
          {o.items.map((item, i) => (
            <span key={i} className="block text-xs text-gray-600">
              {item.quantity}× {item.name}
              <ChosenOptions options={item.options} note={item.note} />
            </span>
          ))}
        </>
      ),
      className: 'min-w-40',
    },
    { header: 'Total', cell: (o) => formatPrice(o.price), className: 'text-right tabular-nums' },
    { header: 'Status', cell: (o) => <StatusCell order={o} /> },
    {
      header: 'Next step',
      cell: (o) => (
        <div className="flex flex-wrap gap-2">
          {stepsFor(o.status, isAdmin).length ? (
            stepsFor(o.status, isAdmin).map((step) => <StepButton key={step} order={o} step={step} onChanged={() => mutate()} />)
          ) : (
            <span className="text-gray-500">None: this order is {o.status}.</span>
          )}
          {printing.printers && o.status !== 'cancelled' ? <ReprintButton order={o} /> : null}
        </div>
      ),
    },
  ];

  let body: ReactNode;
  if (!orders) {
    body = <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading orders…" failed={error instanceof ApiError && error.status === 400 ? error.message : 'The orders could not be loaded.'} />;
  } else if (!orders.length) {
    body = <EmptyState>{filtered ? 'No orders match these filters.' : 'No orders yet. They appear here as soon as diners pay.'}</EmptyState>;
  } else {
    const rows = sort === 'slot' ? byPickupSlot(orders, (o) => ACTIVE.includes(o.status)) : orders;
    const order = sort === 'slot' ? 'open pickup orders by pickup time, then the rest newest first' : 'newest first';
    body = (
      <>
        <DataTable caption={`${form.status ? `${FILTER_LABEL[form.status]} orders` : 'Orders'}, ${order}`} columns={columns} rows={rows} />
        <LoadMore shown={orders.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['order', 'orders']} />
      </>
    );
  }

  return (
    <section aria-labelledby="orders-count" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="orders-count" className="font-display text-2xl uppercase">
          {total ? `Orders: ${formatTotal(total)}` : 'Orders'}
        </h2>
        <div>
          <label htmlFor="order-sort" className="block text-sm font-semibold">
            Order by
          </label>
          <select id="order-sort" value={sort} onChange={(event) => setSort(event.target.value as Sort)} className={FILTER_FIELD}>
            <option value="slot">Pickup time, soonest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
      </div>
      <OrderFilterBar form={form} onChange={setForm} />
      <ConnectionNotice reconnecting={reconnecting} />
      {orders && error ? (
        <p role="status" className="rounded bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Could not refresh just now; showing the orders as they were. Retrying…
        </p>
      ) : null}
      {body}
    </section>
  );
}
