'use client';

import { TABLE_COOKIE, TABLE_COOKIE_MAX_AGE, parseTable } from '@/lib/tables/table-mode';

/**
 * The table a diner scanned, kept in a cookie the server reads at checkout (and checks again
 * against the tables the restaurant has). It says only where to bring the food, so the page
 * writes it; nothing is trusted from it that a diner could not simply choose.
 */

/** Cookies have no change event: this one is announced on the window, for what shows the table. */
const CHANGED = 'bistro:table';

export function rememberTable(table: number): void {
  document.cookie = `${TABLE_COOKIE}=${table}; path=/; max-age=${TABLE_COOKIE_MAX_AGE}; samesite=lax`;
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

export function tableInCookie(): number | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${TABLE_COOKIE}=`));
  return parseTable(entry?.slice(TABLE_COOKIE.length + 1));
}
