import type { CartItem } from '@/lib/cart/types';

/** Figures over a cart's lines (client-safe): the badge, the cart page and the payment page share them. */

/** Dishes in the cart, counting each of a line's quantity. */
export function dishCount(lines: readonly Pick<CartItem, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart's total in cents, as its lines were priced when added. */
export function cartCents(lines: readonly Pick<CartItem, 'lineCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.lineCents, 0);
}

/** Lines that must be removed or chosen again before the cart can be paid for. */
export function linesNeedingAttention<T extends Pick<CartItem, 'attention'>>(lines: readonly T[]): T[] {
  return lines.filter((line) => line.attention);
}
