import { formatCents, toCents } from '@/lib/menu/money';

/**
 * Tips (client-safe): the payment page previews them with these functions and the server charges
 * what they give, from the subtotal it priced itself.
 */

export const TIP_PERCENTS = [0, 10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** A percentage of the subtotal, or an amount in dollars the diner typed. */
export type TipChoice = { percent: TipPercent } | { custom: number };

export const NO_TIP: TipChoice = { percent: 0 };

/** True when a dollar amount is whole cents (4.5 and 4.05, not 4.055). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - toCents(dollars)) < 1e-6;
}

/**
 * Why the tip cannot be taken on this subtotal, or null. A custom tip is from $0 up to the
 * subtotal, in whole cents.
 */
export function tipRefusal(subtotalCents: number, choice: TipChoice): string | null {
  if ('percent' in choice) return null;
  if (!Number.isFinite(choice.custom) || choice.custom < 0) return 'The tip cannot be negative.';
  if (!isWholeCents(choice.custom)) return 'The tip must be in whole cents.';
  if (toCents(choice.custom) > subtotalCents) return `The tip can be at most the food's price, ${formatCents(subtotalCents)}.`;
  return null;
}

/**
 * The tip in whole cents. A percentage is of the subtotal, rounded to the nearest cent, a half
 * cent up (15 % of $10.10 is $1.515, so $1.52): integer arithmetic, so no float can tip it a cent
 * either way. Assumes `tipRefusal` found nothing.
 */
export function tipCents(subtotalCents: number, choice: TipChoice): number {
  if ('custom' in choice) return toCents(choice.custom);
  return Math.floor((subtotalCents * choice.percent + 50) / 100);
}
