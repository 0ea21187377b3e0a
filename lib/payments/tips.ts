import { formatCents, percentOf, toCents } from '@/lib/menu/money';
import type { TipSettings } from '@/lib/settings/types';

/**
 * Tips (client-safe): the payment page previews them with these functions and the server charges
 * what they give, from the subtotal it priced itself. Which percentages are offered, and whether
 * an amount may be typed, is the restaurant's setting.
 */

/** A percentage of the subtotal (0 is no tip), or an amount in dollars the diner typed. */
export type TipChoice = { percent: number } | { custom: number };

/** No tip, then the restaurant's percentages. */
export const tipPercents = (tips: TipSettings) => [0, ...tips.presets];

export const NO_TIP: TipChoice = { percent: 0 };

/** True when a dollar amount is whole cents (4.5 and 4.05, not 4.055). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - toCents(dollars)) < 1e-6;
}

/**
 * Why the tip cannot be taken on this subtotal, or null. A percentage must be one offered; a
 * custom tip, when the restaurant takes one, is from $0 up to the subtotal, in whole cents.
 */
export function tipRefusal(subtotalCents: number, choice: TipChoice, tips: TipSettings): string | null {
  if ('percent' in choice) return tipPercents(tips).includes(choice.percent) ? null : `tip.percent must be one of ${tipPercents(tips).join(', ')}`;
  if (!tips.custom) return 'We take no custom tip: please choose a percentage.';
  if (!Number.isFinite(choice.custom) || choice.custom < 0) return 'The tip cannot be negative.';
  if (!isWholeCents(choice.custom)) return 'The tip must be in whole cents.';
  if (toCents(choice.custom) > subtotalCents) return `The tip can be at most the food's price, ${formatCents(subtotalCents)}.`;
  return null;
}

/**
 * The tip in whole cents. A percentage is of the subtotal, rounded by the one rule for
 * percentages of money (`percentOf`). Assumes `tipRefusal` found nothing.
 */
export function tipCents(subtotalCents: number, choice: TipChoice): number {
  if ('custom' in choice) return toCents(choice.custom);
  return percentOf(subtotalCents, choice.percent);
}
