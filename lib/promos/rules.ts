import { formatCents, percentOf } from '@/lib/menu/money';
import type { MenuCategory } from '@/lib/menu/types';
import type { PromoTerms } from './types';

/**
 * Whether a code applies to an order, and how much it takes off, in cents, before tax. Pure, so
 * the same rules price a checkout and answer the payment page's "Apply".
 */

/** The parts of an order's lines a code looks at. */
export interface PromoLine {
  menuId: string;
  category?: MenuCategory;
  lineCents: number;
}

export interface PromoContext {
  /** The restaurant's date, 'YYYY-MM-DD'. */
  today: string;
  /** Uses counted so far, in all and by this diner. */
  uses: number;
  usesByDiner: number;
}

export type PromoOutcome = { ok: true; discountCents: number } | { ok: false; status: 404 | 409; error: string };

/** How a code is matched: case and surrounding spaces do not count. */
export const codeKeyOf = (code: string): string => code.trim().toLowerCase();

/** How the discount reads on a receipt or a ticket: "−$5.00 SPRING" (a minus sign, not a hyphen). */
export const discountLabel = (code: string, discountCents: number): string => `−${formatCents(discountCents)} ${code}`;

/** Whether a code takes money off a line: one of its categories or dishes, or any when it names none. */
export function appliesTo(terms: Pick<PromoTerms, 'categories' | 'menuIds'>, line: Omit<PromoLine, 'lineCents'>): boolean {
  if (!terms.categories.length && !terms.menuIds.length) return true;
  return terms.menuIds.includes(line.menuId) || (line.category !== undefined && terms.categories.includes(line.category));
}

/** The food a code takes money off, in cents. */
export function eligibleCents(terms: Pick<PromoTerms, 'categories' | 'menuIds'>, lines: readonly PromoLine[]): number {
  return lines.filter((line) => appliesTo(terms, line)).reduce((cents, line) => cents + line.lineCents, 0);
}

export function priceDiscount(terms: PromoTerms, lines: readonly PromoLine[], { today, uses, usesByDiner }: PromoContext): PromoOutcome {
  const { code } = terms;
  if (!terms.active) return { ok: false, status: 404, error: `${code} is not a valid code.` };
  if (terms.validFrom && today < terms.validFrom) return { ok: false, status: 409, error: `${code} is valid from ${terms.validFrom}.` };
  if (terms.validUntil && today > terms.validUntil) return { ok: false, status: 409, error: `${code} expired on ${terms.validUntil}.` };
  if (terms.maxUses !== undefined && uses >= terms.maxUses) return { ok: false, status: 409, error: `${code} has been used up.` };
  if (terms.maxUsesPerDiner !== undefined && usesByDiner >= terms.maxUsesPerDiner) {
    return { ok: false, status: 409, error: `You have used ${code} as many times as it allows.` };
  }
  const subtotal = lines.reduce((cents, line) => cents + line.lineCents, 0);
  if (subtotal < terms.minSubtotalCents) {
    return { ok: false, status: 409, error: `${code} needs food of at least ${formatCents(terms.minSubtotalCents)}; your order comes to ${formatCents(subtotal)}.` };
  }
  const eligible = eligibleCents(terms, lines);
  if (eligible === 0) return { ok: false, status: 409, error: `${code} is for other dishes than those in your order.` };
  const discountCents = terms.kind === 'percent' ? percentOf(eligible, terms.percent ?? 0) : Math.min(terms.amountCents ?? 0, eligible);
  return { ok: true, discountCents };
}
