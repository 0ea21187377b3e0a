'use client';

import { useEffect } from 'react';
import { rememberTable } from './table-cookie';

/** Puts the browser in table mode for the table whose code was scanned, with the code's token. Renders nothing. */
export function RememberTable({ table, token }: { table: number; token: string }) {
  useEffect(() => rememberTable({ table, token }), [table, token]);
  return null;
}
