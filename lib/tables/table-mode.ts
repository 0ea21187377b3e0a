/**
 * Table ordering (client-safe): a diner who scans a table's QR code (`/t/{n}`) orders for that
 * table. The page remembers it in a cookie for about a meal; checkout checks it again against
 * the tables the restaurant has.
 */

/** The most tables a restaurant may set: enough for a large dining room, few enough to print. */
export const MAX_TABLES = 200;

export const TABLE_COOKIE = 'bistro_table';
/** Three hours: long enough for a meal, short enough that tomorrow's order is not for last night's table. */
export const TABLE_COOKIE_MAX_AGE = 3 * 60 * 60;

/** The table a path segment or cookie names: a whole number from 1 to MAX_TABLES written plainly, else null. */
export function parseTable(value: string | undefined | null): number | null {
  if (!value || !/^[1-9]\d{0,2}$/.test(value)) return null;
  const table = Number(value);
  return table <= MAX_TABLES ? table : null;
}

/** The path a table's QR code opens. */
export function tablePath(table: number): string {
  return `/t/${table}`;
}
