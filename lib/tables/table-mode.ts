/**
 * Table ordering (client-safe): a diner who scans a table's QR code (`/t/{n}?k={token}`) orders
 * for that table. The code carries a token the server signed for that table (lib/tables/tokens.ts),
 * so a number typed by hand orders nothing. The page remembers the table and its token in a
 * cookie for about a meal; checkout checks both again.
 */

/** The most tables a restaurant may set: enough for a large dining room, few enough to print. */
export const MAX_TABLES = 200;

export const TABLE_COOKIE = 'bistro_table';
/** Three hours: long enough for a meal, short enough that tomorrow's order is not for last night's table. */
export const TABLE_COOKIE_MAX_AGE = 3 * 60 * 60;

/** A table's token: 96 bits of its signature, URL-safe. */
export const TABLE_TOKEN = /^[A-Za-z0-9_-]{16}$/;

/** The table a path segment names: a whole number from 1 to MAX_TABLES written plainly, else null. */
export function parseTable(value: string | undefined | null): number | null {
  if (!value || !/^[1-9]\d{0,2}$/.test(value)) return null;
  const table = Number(value);
  return table <= MAX_TABLES ? table : null;
}

/** A table and the token of its QR code, as the table cookie keeps them. */
export interface ScannedTable {
  table: number;
  token: string;
}

/** The cookie's value: '7.{token}'. */
export function tableCookieValue({ table, token }: ScannedTable): string {
  return `${table}.${token}`;
}

/** What the table cookie holds, or null for anything else. */
export function parseTableCookie(value: string | undefined | null): ScannedTable | null {
  const [number, token, ...rest] = (value ?? '').split('.');
  const table = parseTable(number);
  return table !== null && token && TABLE_TOKEN.test(token) && !rest.length ? { table, token } : null;
}

/** The path a table's QR code opens, with its token. */
export function tablePath(table: number, token: string): string {
  return `/t/${table}?k=${token}`;
}
