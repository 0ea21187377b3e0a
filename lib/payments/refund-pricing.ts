import type { PaymentDoc } from '@/lib/db/documents';
import { formatCents, toCents } from '@/lib/menu/money';
import { shareDiscount, taxOn } from '@/lib/tax/tax';

/**
 * What a refund gives back, from the order alone (pure: no database, no provider). A refund of
 * lines gives back what the diner paid for those units: each line's price less its share of a
 * promo code's discount (split as the checkout split it), spread over its units, plus the tax on
 * that when tax was added on top. Each refund is the step from what was paid for the units
 * refunded before to what was paid for those and these, so refunds of lines, in whatever parts,
 * add up exactly to the food and tax paid.
 */

/** The order as refunds read it. */
export type RefundableOrder = Pick<PaymentDoc, 'lines' | 'promo' | 'tax' | 'refunds' | 'price' | 'refundedCents'>;

export type LineRefund = { index: number; quantity: number };

/** A refund priced, or why it cannot be made (the status to answer). */
export type RefundPrice = { ok: true; cents: number } | { ok: false; status: 400 | 409; error: string };

/** One entry per line, quantities of a line named twice added up. */
export function mergeLines(lines: readonly LineRefund[]): LineRefund[] {
  const byIndex = new Map<number, number>();
  for (const { index, quantity } of lines) byIndex.set(index, (byIndex.get(index) ?? 0) + quantity);
  return [...byIndex].map(([index, quantity]) => ({ index, quantity }));
}

/**
 * Each line's share of the order's promo code discount, split as the checkout split it: over the
 * tax rates in proportion to the lines of each that the code is for (`computeTax`'s split, whose
 * bases were charged), then within a rate over those lines in proportion, by the one sharing rule.
 */
export function lineDiscounts(order: RefundableOrder): number[] {
  const { lines, promo, tax } = order;
  const shares = lines.map(() => 0);
  if (!promo?.discountCents) return shares;
  const eligible = lines.map((line) => (promo.menuIds.includes(line.menuId) ? line.lineCents : 0));
  const groups = tax ? tax.lines.map((rate) => lines.flatMap((line, i) => (line.taxRate === rate.id ? [i] : []))) : [lines.map((_, i) => i)];
  const byGroup = shareDiscount(promo.discountCents, groups.map((group) => group.reduce((sum, i) => sum + eligible[i]!, 0)));
  groups.forEach((group, g) => shareDiscount(byGroup[g]!, group.map((i) => eligible[i]!)).forEach((share, j) => (shares[group[j]!] = share)));
  return shares;
}

/**
 * What the diner paid for the first `units[i]` of each line: the line's price less its share of
 * the discount, spread over its units, plus the tax on that when it was added on top, rate by rate.
 * A function of the quantities alone, so refunds of lines priced as its steps add up, in whatever
 * parts, to what the food and its tax cost: at every quantity, the order as charged.
 */
export function paidForUnits(order: RefundableOrder, units: readonly number[]): number {
  const discounts = lineDiscounts(order);
  const paid = order.lines.map((line, i) => {
    const n = units[i]!;
    return shareDiscount(line.lineCents - discounts[i]!, [line.unitCents * n, line.unitCents * (line.quantity - n)])[0]!;
  });
  const food = paid.reduce((sum, cents) => sum + cents, 0);
  if (order.tax?.mode !== 'added') return food;
  return order.tax.lines.reduce((sum, rate) => {
    const base = order.lines.reduce((cents, line, i) => cents + (line.taxRate === rate.id ? paid[i]! : 0), 0);
    return sum + taxOn(base, rate.percent, 'added');
  }, food);
}

/**
 * What refunding these lines gives back: what was paid for the units refunded so far and these,
 * less what the refunds of lines under way or done took.
 */
export function priceLines(order: RefundableOrder, lines: readonly LineRefund[]): RefundPrice {
  const units = order.lines.map((line) => line.refundedQuantity ?? 0);
  for (const { index, quantity } of lines) {
    const line = order.lines[index];
    if (!line) return { ok: false, status: 400, error: `This order has no line ${index}.` };
    const left = line.quantity - units[index]!;
    if (quantity > left) return { ok: false, status: 409, error: `Only ${left} of ${line.name} ${left === 1 ? 'is' : 'are'} left to refund on this order.` };
    units[index]! += quantity;
  }
  const taken = (order.refunds ?? []).filter((r) => r.lines?.length && r.status !== 'failed').reduce((sum, r) => sum + r.cents, 0);
  const cents = paidForUnits(order, units) - taken;
  if (cents <= 0) return { ok: false, status: 409, error: 'Nothing was paid for these, after the discount: there is nothing to refund.' };
  return { ok: true, cents };
}

/** What was charged, in cents. */
export const paidCents = (order: Pick<PaymentDoc, 'price'>) => toCents(order.price);

/** What is left to give back of the order, given what refunds done or under way reserved. */
export const leftCents = (order: Pick<PaymentDoc, 'price' | 'refundedCents'>) => paidCents(order) - (order.refundedCents ?? 0);

/** Why `cents` more cannot be refunded, or null. */
export function roomRefusal(order: Pick<PaymentDoc, 'price' | 'refundedCents'>, cents: number): string | null {
  const left = leftCents(order);
  if (left <= 0) return 'This order is already fully refunded.';
  if (cents > left) return `Only ${formatCents(left)} is left to refund on this order.`;
  return null;
}
