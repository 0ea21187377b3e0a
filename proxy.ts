import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, verifySessionToken } from '@/lib/auth/session';

/**
 * The login guard: an anonymous request for the dashboard or /secret goes to /login, which
 * brings the visitor back to where they were going. The admin guard needs the role from the
 * database, so it runs in the admin pages' layout on the server, per request.
 */
export async function proxy(req: NextRequest) {
  const session = await verifySessionToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (session) return NextResponse.next();
  const login = new URL('/login', req.url);
  login.searchParams.set('from', `${req.nextUrl.pathname}${req.nextUrl.search}`);
  const res = NextResponse.redirect(login);
  // An expired or forged cookie is dropped so the browser stops sending it.
  if (req.cookies.has(SESSION_COOKIE)) res.cookies.delete(SESSION_COOKIE);
  return res;
}

export const config = {
  matcher: ['/dashboard', '/dashboard/:path*', '/secret'],
};
