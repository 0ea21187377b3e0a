import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { sessionResponseOf, viewerOf } from '@/lib/auth/viewer';
import { guestOrdersOpen } from '@/lib/users/guests';

/** Who the browser is signed in as, with the role from the database. Never cached. */
export const GET = route(async (req) => {
  return NextResponse.json(sessionResponseOf(await viewerOf(req), await guestOrdersOpen()), { headers: { 'cache-control': 'private, no-store' } });
});
