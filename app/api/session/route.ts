import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { sessionResponseOf, viewerOf } from '@/lib/auth/viewer';
import { deviceCookie, deviceOf } from '@/lib/security/device';
import { guestOrdersOpen } from '@/lib/users/guests';

/**
 * Who the browser is signed in as, with the role from the database. Never cached. Every page asks
 * it, so a browser seen for the first time gets its device mark here (lib/security/device.ts).
 */
export const GET = route(async (req) => {
  const res = NextResponse.json(sessionResponseOf(await viewerOf(req), await guestOrdersOpen()), { headers: { 'cache-control': 'private, no-store' } });
  if (!deviceOf(req)) res.cookies.set(deviceCookie());
  return res;
});
