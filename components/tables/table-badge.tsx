'use client';

import { useSyncExternalStore } from 'react';
import { onTableChange, tableInCookie } from './table-cookie';

/** "Table 12" in the top bar while the diner orders for a table; nothing otherwise (and on the server, so public pages stay static). */
export function TableBadge() {
  const table = useSyncExternalStore(onTableChange, tableInCookie, () => null);
  if (table === null) return null;
  return (
    <li>
      <span className="rounded-full bg-gold-bright px-3 py-1 text-xs font-bold text-ink normal-case">Table {table}</span>
    </li>
  );
}
