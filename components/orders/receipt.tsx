import { ChosenOptions } from '@/components/menu/chosen-options';
import { OrderTotals } from '@/components/payment/order-totals';
import { PrintButton } from '@/components/ui/print-button';
import { fulfilmentDetail } from '@/lib/fulfilment/labels';
import { formatCents, toCents } from '@/lib/menu/money';
import type { Order } from '@/lib/orders/types';
import { orderLabel } from '@/lib/orders/wording';
import type { RestaurantDetails } from '@/lib/settings/types';
import { LiveOrderStatus } from './live-order-status';

interface ReceiptProps {
  order: Order;
  since: string;
  mine: boolean;
  restaurant: RestaurantDetails;
  /** The restaurant's, so the receipt shows its time wherever it is printed. */
  timeZone: string;
}

/** Who changed the order and when: each status after payment, and each refund with its state. */
function Timeline({ order, format }: { order: Order; format: Intl.DateTimeFormat }) {
  const events = [
    ...order.history.slice(1).map((step) => ({ at: step.at, text: `Marked ${step.status}`, by: step.by })),
    ...(order.refunds ?? []).map((refund) => ({
      at: refund.at,
      text: `${refund.status === 'failed' ? 'Refund failed' : refund.status === 'pending' ? 'Refund under way' : 'Refunded'} ${formatCents(refund.cents)}${refund.reason ? ` (${refund.reason})` : ''}`,
      by: refund.by,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (!events.length) return null;
  return (
    <section aria-labelledby="timeline-title" className="text-sm">
      <h3 id="timeline-title" className="font-semibold">
        Timeline
      </h3>
      <ol className="mt-1 space-y-1 text-gray-700">
        {events.map((event, i) => (
          <li key={i}>
            <time dateTime={event.at}>{format.format(new Date(event.at))}</time>: {event.text}
            {event.by ? ` by ${event.by}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A receipt the diner can keep: the restaurant, the order's number, what was bought, the totals,
 * how the food is got, and where it is now (live; `since` and `mine` as LiveOrderStatus takes them).
 */
export function Receipt({ order, since, mine, restaurant, timeZone }: ReceiptProps) {
  const { street, city, postalCode, country } = restaurant.address;
  const paidAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <article data-print-sheet aria-labelledby="receipt-title" className="receipt mx-auto max-w-2xl space-y-6 rounded bg-white p-6 shadow-sm md:p-10">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-200 pb-4">
        <div>
          <p className="font-display text-2xl font-bold">{restaurant.name}</p>
          <address className="text-sm text-gray-600 not-italic">
            {street}, {city} {postalCode}, {country}
            <br />
            {restaurant.phone}
          </address>
        </div>
        <div className="text-right">
          <h2 id="receipt-title" className="font-display text-3xl font-bold">
            Order {orderLabel(order)}
          </h2>
          <p className="text-sm text-gray-600">
            Paid <time dateTime={order.data}>{paidAt.format(new Date(order.data))}</time>
          </p>
        </div>
      </header>
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-gray-500 uppercase">{order.fulfilment?.kind === 'table' ? 'At the table' : 'Pickup'}</dt>
          <dd className="font-semibold">{order.fulfilment ? fulfilmentDetail(order.fulfilment) : 'Not recorded'}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-gray-500 uppercase">Status</dt>
          <dd>
            <LiveOrderStatus order={order} since={since} mine={mine} />
          </dd>
        </div>
        {order.name ? (
          <div>
            <dt className="text-xs font-semibold text-gray-500 uppercase">For</dt>
            <dd>{order.name}</dd>
          </div>
        ) : null}
      </dl>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What was ordered</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-500 uppercase">
          <tr>
            <th scope="col" className="py-2">Item</th>
            <th scope="col" className="py-2 text-right">Qty</th>
            <th scope="col" className="py-2 text-right">Each</th>
            <th scope="col" className="py-2 text-right">Price</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {order.items.map((item, i) => (
            <tr key={i} className="align-top">
              <th scope="row" className="py-2 font-normal">
                <span className="font-semibold">{item.name}</span>
                <ChosenOptions options={item.options} note={item.note} />
              </th>
              <td className="py-2 text-right tabular-nums">{item.quantity}</td>
              <td className="py-2 text-right tabular-nums">{formatCents(item.unitCents)}</td>
              <td className="py-2 text-right tabular-nums">{formatCents(item.lineCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals subtotalCents={toCents(order.subtotal)} discount={order.discount} tax={order.tax} tipCents={toCents(order.tip)} tipLabel={order.tipPercent ? `${order.tipPercent}%` : undefined} />
      {order.refundedCents ? (
        <dl aria-label="Refunds" className="space-y-1 tabular-nums">
          {order.refunds!
            .filter((refund) => refund.status === 'done')
            .map((refund) => (
              <div key={refund.id} className="flex justify-between gap-4 text-green-800">
                <dt>Refunded{refund.reason ? `: ${refund.reason}` : ''}</dt>
                <dd>−{formatCents(refund.cents)}</dd>
              </div>
            ))}
          <div className="flex justify-between gap-4 border-t border-gray-200 pt-1 text-lg font-semibold">
            <dt>You paid in the end</dt>
            <dd>{formatCents(toCents(order.price) - order.refundedCents)}</dd>
          </div>
        </dl>
      ) : null}
      <Timeline order={order} format={paidAt} />
      <p className="text-xs text-gray-500">
        Transaction id <span className="font-mono break-all">{order.transactionId}</span>
      </p>
      <PrintButton>Print receipt</PrintButton>
    </article>
  );
}
