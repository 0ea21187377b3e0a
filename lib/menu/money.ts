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
