/**
 * Sales tax and VAT, client-safe: the one rule the server charges by and the cart and payment
 * page preview with, so the two never disagree by a cent.
 *
 * - Each dish has a tax class, a rate of the settings (the first one unless the dish names
 *   another that still exists).
 * - Tax is computed per rate, on the sum of that rate's lines (after any discount), in integer
 *   cents, rounded half up. Never per line: five lines of $0.10 at 8.875 % are taxed on $0.50.
 * - `added` (US sales tax): the tax is on top of the prices, and the charge includes it.
 *   `inclusive` (UK, EU VAT): the prices already include it; the receipt shows the part that is
 *   tax, base × rate / (100 % + rate), and the charge does not change.
 * - The tip is never taxed: it is not a line.
 */

export type TaxMode = 'inclusive' | 'added';

export interface TaxRate {
  /** Stable while the rate is renamed or changed, so a dish keeps its class. */
  id: string;
  name: string;
  /** 0 to 100, at most 3 decimals (13.5, 8.875). */
  percent: number;
}

export interface TaxSettings {
  mode: TaxMode;
  /** None: nothing is taxed. */
  rates: TaxRate[];
}

/** One rate of an order as it was charged: kept on the order, so a later change of rates never rewrites its receipt. */
export interface TaxLine {
  id: string;
  name: string;
  percent: number;
  /** What the rate applied to, in cents: the rate's lines less their share of a discount (including the tax, in inclusive mode). */
  baseCents: number;
  taxCents: number;
}

/** A rate's takings over a period (the daily figures, the sales report): what it applied to and the tax it raised, in cents. */
export interface TaxTotal {
  id: string;
  name: string;
  percent: number;
  baseCents: number;
  cents: number;
}

export interface OrderTax {
  mode: TaxMode;
  lines: TaxLine[];
  /** The sum of the lines' tax. */
  cents: number;
}

/** What a rate id may be: the Settings form makes one for a new rate, and it never changes after. */
export const TAX_RATE_ID = /^[a-z0-9-]{1,40}$/;

export const NO_TAX: TaxSettings = { mode: 'added', rates: [] };

/** Hundred percent, in thousandths of a percent: rates are exact integers at this scale. */
const HUNDRED = 100_000;

const thousandths = (percent: number) => Math.round(percent * 1000);

/** n / d rounded half up, for whole n ≥ 0 and d > 0, exactly (every product stays far below 2^53). */
function divideHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** The tax on `baseCents` at `percent`: on top of it (added) or within it (inclusive). */
export function taxOn(baseCents: number, percent: number, mode: TaxMode): number {
  const rate = thousandths(percent);
  return divideHalfUp(baseCents * rate, mode === 'added' ? HUNDRED : HUNDRED + rate);
}

/** A dish's rate: the one it names while the settings have it, else the first; none when nothing is taxed. */
export function rateOf(tax: TaxSettings, rateId: string | undefined): TaxRate | undefined {
  return tax.rates.find((rate) => rate.id === rateId) ?? tax.rates[0];
}

/**
 * `discountCents` shared over `bases` in proportion, each share whole, the cents left by rounding
 * down going to the largest remainders (the earliest on a tie): the shares add up to the discount.
 */
export function shareDiscount(discountCents: number, bases: readonly number[]): number[] {
  const total = bases.reduce((sum, base) => sum + base, 0);
  if (!discountCents || !total) return bases.map(() => 0);
  const exact = bases.map((base) => (Math.min(discountCents, total) * base) / total);
  const shares = exact.map(Math.floor);
  let left = Math.min(discountCents, total) - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The tax of an order: its lines (each with the rate id its dish had, and its cents), the
 * restaurant's tax settings, and a discount in cents taken off the food before tax, shared over
 * the rates in proportion to the lines it applies to (`discounted`: all of them unless said), so a
 * code for pizzas lowers the pizzas' rate only. Null when the settings have no rate.
 */
export function computeTax<L extends { taxRate?: string; lineCents: number }>(
  lines: readonly L[],
  tax: TaxSettings,
  discountCents = 0,
  discounted: (line: L) => boolean = () => true,
): OrderTax | null {
  if (!tax.rates.length) return null;
  const bases = new Map<string, number>();
  const discountable = new Map<string, number>();
  for (const line of lines) {
    const rate = rateOf(tax, line.taxRate)!;
    bases.set(rate.id, (bases.get(rate.id) ?? 0) + line.lineCents);
    if (discounted(line)) discountable.set(rate.id, (discountable.get(rate.id) ?? 0) + line.lineCents);
  }
  const used = tax.rates.filter((rate) => bases.has(rate.id));
  const discounts = shareDiscount(discountCents, used.map((rate) => discountable.get(rate.id) ?? 0));
  const taxLines = used.map((rate, i): TaxLine => {
    const baseCents = bases.get(rate.id)! - discounts[i]!;
    return { id: rate.id, name: rate.name, percent: rate.percent, baseCents, taxCents: taxOn(baseCents, rate.percent, tax.mode) };
  });
  return { mode: tax.mode, lines: taxLines, cents: taxLines.reduce((sum, line) => sum + line.taxCents, 0) };
}

/** What the tax adds to the charge: all of it when added, nothing when the prices include it. */
export function addedTaxCents(tax: OrderTax | null | undefined): number {
  return tax?.mode === 'added' ? tax.cents : 0;
}

/** 8.875, 13.5, 20: as few decimals as the rate has. */
export function formatPercent(percent: number): string {
  return String(Number(percent.toFixed(3)));
}

/** A receipt's words for one rate: "VAT 20 % included" or "Sales tax 8.875 %". */
export function taxLabel(line: Pick<TaxLine, 'name' | 'percent'>, mode: TaxMode): string {
  return `${line.name} ${formatPercent(line.percent)} %${mode === 'inclusive' ? ' included' : ''}`;
}
