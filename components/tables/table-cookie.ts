'use client';

import { TABLE_COOKIE, TABLE_COOKIE_MAX_AGE, parseTableCookie, tableCookieValue, type ScannedTable } from '@/lib/tables/table-mode';

/**
 * The table a diner scanned and its code's token, kept in a cookie the server reads at checkout
 * (and checks again: the token must still be that table's). It says only where to bring the
 * food, so the page writes it.
 */

/** Cookies have no change event: this one is announced on the window, for what shows the table. */
const CHANGED = 'bistro:table';

export function rememberTable(scanned: ScannedTable): void {
  document.cookie = `${TABLE_COOKIE}=${tableCookieValue(scanned)}; path=/; max-age=${TABLE_COOKIE_MAX_AGE}; samesite=lax`;
  window.dispatchEvent(new Event(CHANGED));
}

export function forgetTable(): void {
  document.cookie = `${TABLE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `onChange` whenever this page remembers or forgets the table; answers the unsubscribe. */
export function onTableChange(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The table number in the cookie (the cookie's text, so the value is stable between renders). */
export function tableInCookie(): number | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${TABLE_COOKIE}=`));
  return parseTableCookie(entry?.slice(TABLE_COOKIE.length + 1))?.table ?? null;
}
