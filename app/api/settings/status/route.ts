import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { currentOrderingStatus } from '@/lib/settings/ordering';

/** The status line of the menu and order pages as it is now (public): `{ open, stopped, text, note?, changesAt? }`. */
export const GET = route(async () => NextResponse.json(await currentOrderingStatus(), { headers: { 'cache-control': 'no-store' } }));
