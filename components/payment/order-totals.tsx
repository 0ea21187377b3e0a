import { formatCents } from '@/lib/menu/money';
import { addedTaxCents, taxLabel, type OrderTax } from '@/lib/tax/tax';

/**
 * Subtotal, tax, tip and total, the same on the cart, the payment page and the receipt. Tax is
 * one line per rate: added to the total (sales tax) or shown as included in the prices (VAT).
 */
export function OrderTotals({ subtotalCents, tipCents, tipLabel, tax }: { subtotalCents: number; tipCents?: number; tipLabel?: string; tax?: OrderTax | null }) {
  const row = 'flex justify-between gap-4 tabular-nums';
  return (
    <dl aria-label="Totals" className="space-y-1">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
      {tax?.lines.map((line) => (
        <div key={line.id} className={`${row}${tax.mode === 'inclusive' ? ' text-sm text-gray-600' : ''}`}>
          <dt>{taxLabel(line, tax.mode)}</dt>
          <dd>{formatCents(line.taxCents)}</dd>
        </div>
      ))}
      {tipCents === undefined ? null : (
        <div className={row}>
          <dt>Tip{tipLabel ? ` (${tipLabel})` : ''}</dt>
          <dd>{formatCents(tipCents)}</dd>
        </div>
      )}
      <div className={`${row} border-t border-gray-200 pt-1 text-lg font-semibold`}>
        <dt>Total</dt>
        <dd>{formatCents(subtotalCents + addedTaxCents(tax) + (tipCents ?? 0))}</dd>
      </div>
    </dl>
  );
}
