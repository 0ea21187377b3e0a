import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { clearedSessionCookie } from '@/lib/auth/session';
import { viewerOf } from '@/lib/auth/viewer';
import { endAllSessions, endSession } from '@/lib/users/account';
import { logoutQuerySchema } from '@/lib/auth/schemas';

/**
 * Ends the caller's session (its token stops working everywhere a copy of it is), or with
 * `?everywhere=1` every session of theirs, and clears the cookie. Signed out already: just the cookie.
 */
export const POST = route(async (req) => {
  const { everywhere } = readQuery(req, logoutQuerySchema);
  const viewer = await viewerOf(req);
  if (viewer) await (everywhere ? endAllSessions(viewer) : endSession(viewer));
  const res = NextResponse.json({ ok: true });
  res.cookies.set(clearedSessionCookie());
  return res;
});
