import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { assertSameOrigin, clearedSessionCookie } from '@/lib/auth/session';

export const POST = route(async (req) => {
  assertSameOrigin(req);
  const res = NextResponse.json({ ok: true });
  res.cookies.set(clearedSessionCookie());
  return res;
});
