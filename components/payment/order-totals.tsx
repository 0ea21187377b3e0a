import { formatCents } from '@/lib/menu/money';
import { discountLabel } from '@/lib/promos/rules';
import { addedTaxCents, taxLabel, type OrderTax } from '@/lib/tax/tax';

interface OrderTotalsProps {
  subtotalCents: number;
  /** A promo code's discount, taken off the food before tax. */
  discount?: { code: string; cents: number } | null;
  tipCents?: number;
  tipLabel?: string;
  tax?: OrderTax | null;
}

/**
 * Subtotal, discount, tax, tip and total, the same on the cart, the payment page and the receipt.
 * Tax is one line per rate: added to the total (sales tax) or shown as included in the prices (VAT).
 */
export function OrderTotals({ subtotalCents, discount, tipCents, tipLabel, tax }: OrderTotalsProps) {
  const row = 'flex justify-between gap-4 tabular-nums';
  return (
    <dl aria-label="Totals" className="space-y-1">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
      {discount ? (
        <div className={`${row} text-green-800`}>
          <dt>Promo code</dt>
          <dd>{discountLabel(discount.code, discount.cents)}</dd>
        </div>
      ) : null}
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
        <dd>{formatCents(subtotalCents - (discount?.cents ?? 0) + addedTaxCents(tax) + (tipCents ?? 0))}</dd>
      </div>
    </dl>
  );
}
