import { formatCents } from '@/lib/menu/money';

/** Subtotal, tip and total, the same on the payment page and the receipt. */
export function OrderTotals({ subtotalCents, tipCents, tipLabel }: { subtotalCents: number; tipCents: number; tipLabel?: string }) {
  const row = 'flex justify-between gap-4 tabular-nums';
  return (
    <dl aria-label="Totals" className="space-y-1">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
      <div className={row}>
        <dt>Tip{tipLabel ? ` (${tipLabel})` : ''}</dt>
        <dd>{formatCents(tipCents)}</dd>
      </div>
      <div className={`${row} border-t border-gray-200 pt-1 text-lg font-semibold`}>
        <dt>Total</dt>
        <dd>{formatCents(subtotalCents + tipCents)}</dd>
      </div>
    </dl>
  );
}
