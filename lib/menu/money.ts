/**
 * Money is kept as dollars in the database (a price is a plain number, as API clients read it)
 * but added up in whole cents, so 3 × 14.50 + 9.95 is exactly 53.45 and never 53.449999….
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function sumPrices(prices: readonly number[]): number {
  return prices.reduce((cents, price) => cents + toCents(price), 0) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * `percent` % of an amount in cents, to the nearest cent, a half cent up (15 % of $10.10 is
 * $1.515, so $1.52): integer arithmetic, so no float can move it a cent either way. The one
 * rounding rule for every percentage of money (a tip, a discount).
 */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}
