import { toCents } from '@/lib/menu/money';
import type { MenuItem, SelectedOption } from '@/lib/menu/types';

/**
 * The price of a dish as a diner chose it, in whole cents: (base + the chosen extras) × quantity.
 * One pure function for the options dialog (the live price) and the server (the price that is
 * charged; it alone is trusted), so the two can never disagree. Client-safe.
 */

/** The most of one dish (with the same choices and note) one cart line holds. */
export const MAX_QUANTITY = 20;

/** Lines one cart, and so one order, holds: one ticket the kitchen can read, one checkout a bounded amount of work. */
export const MAX_CART_LINES = 50;

/** The most a diner's note to the kitchen may say. */
export const MAX_NOTE = 200;

/** The largest amount one card payment may be, in cents: Stripe's limit, $999,999.99. */
export const MAX_CHARGE_CENTS = 99_999_999;

/** The smallest: Stripe's, $0.50. Only a promo code can bring an order below it. */
export const MIN_CHARGE_CENTS = 50;

/**
 * The most one unit of a dish may cost with its dearest choices ($49,999.99), so that a full line
 * of MAX_QUANTITY still fits in one card payment. The admin form holds every dish to it.
 */
export const MAX_UNIT_CENTS = Math.floor(MAX_CHARGE_CENTS / MAX_QUANTITY);

export type Priced =
  | { ok: true; unitCents: number; lineCents: number; options: SelectedOption[] }
  | { ok: false; error: string; group?: string };

const refuse = (error: string, group?: string): Priced => ({ ok: false, error, group });

/**
 * Checks a selection against the dish and prices it. Refused: a group or a choice the dish does
 * not have, one given twice, a required group with too few choices, a group with more than its
 * `max`. The selection that comes back is in the dish's own order, empty groups left out, so the
 * same choices sent in any order are the same line.
 */
export function priceSelection(item: Pick<MenuItem, 'price' | 'options'>, selection: readonly SelectedOption[], quantity: number): Priced {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return refuse(`Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`);
  const chosen = new Map<string, Set<string>>();
  for (const { group, choices } of selection) {
    const known = item.options.find((g) => g.name === group);
    if (!known) return refuse(`This dish has no option group "${group}".`);
    if (chosen.has(group)) return refuse(`"${group}" is given more than once.`, group);
    const names = new Set<string>();
    for (const choice of choices) {
      if (!known.choices.some((c) => c.name === choice)) return refuse(`"${choice}" is not a choice of ${group}.`, group);
      if (names.has(choice)) return refuse(`"${choice}" is chosen twice in ${group}.`, group);
      names.add(choice);
    }
    chosen.set(group, names);
  }

  let unitCents = toCents(item.price);
  const options: SelectedOption[] = [];
  for (const group of item.options) {
    const names = chosen.get(group.name) ?? new Set<string>();
    if (names.size < group.min) {
      return refuse(group.min === 1 ? `Choose a ${group.name}.` : `Choose at least ${group.min} of ${group.name}.`, group.name);
    }
    if (names.size > group.max) return refuse(`${group.name} takes at most ${group.max} ${group.max === 1 ? 'choice' : 'choices'}.`, group.name);
    const picked = group.choices.filter((c) => names.has(c.name));
    for (const choice of picked) unitCents += toCents(choice.price);
    if (picked.length) options.push({ group: group.name, choices: picked.map((c) => c.name) });
  }
  if (unitCents > MAX_UNIT_CENTS) return refuse('This dish is priced above what one order line may cost. Please ask the restaurant.');
  return { ok: true, unitCents, lineCents: unitCents * quantity, options };
}

/** One unit with the dearest choices every group allows: what MAX_UNIT_CENTS bounds. */
export function dearestUnitCents(item: Pick<MenuItem, 'price' | 'options'>): number {
  let cents = toCents(item.price);
  for (const group of item.options) {
    const dearest = group.choices.map((c) => toCents(c.price)).sort((a, b) => b - a);
    cents += dearest.slice(0, group.max).reduce((sum, c) => sum + c, 0);
  }
  return cents;
}

/** "Size: Large; Extra toppings: Olives, Rocket", or '' when nothing was chosen. */
export function describeSelection(options: readonly SelectedOption[]): string {
  return options.map(({ group, choices }) => `${group}: ${choices.join(', ')}`).join('; ');
}
