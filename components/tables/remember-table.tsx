'use client';

import { useEffect } from 'react';
import { rememberTable } from './table-cookie';

/** Puts the browser in table mode for the table whose code was scanned. Renders nothing. */
export function RememberTable({ table }: { table: number }) {
  useEffect(() => rememberTable(table), [table]);
  return null;
}
