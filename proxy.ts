import { NextResponse, type NextRequest } from 'next/server';
import { dashboardHome, roleNeededFor } from '@/lib/dashboard/pages';
import { hasRole } from '@/lib/auth/roles';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { viewerOfSessionToken } from '@/lib/auth/viewer';

/**
 * Sends people to the right place before a page renders, with a real redirect (307) for a
 * document and for a client-side navigation (an RSC request) alike: an anonymous visitor to
 * /login (which brings them back after), a signed-in one without the role a page needs to /.
 * Runs on the Node.js runtime, so it reads the role from the user record like everything else.
 * The pages and the data layer check again: this only decides where people go.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const viewer = await viewerOfSessionToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (!viewer) {
    const login = new URL('/login', req.url);
    login.searchParams.set('from', `${pathname}${search}`);
    const res = NextResponse.redirect(login);
    // An expired, forged or ended session is dropped so the browser stops sending it.
    if (req.cookies.has(SESSION_COOKIE)) res.cookies.delete(SESSION_COOKIE);
    return res;
  }
  if (pathname === '/dashboard') return NextResponse.redirect(new URL(dashboardHome(viewer.role), req.url));
  // Outside the dashboard (/secret) a page is for people with an account.
  const needed = roleNeededFor(pathname) ?? 'diner';
  if (!hasRole(viewer.role, needed)) return NextResponse.redirect(new URL('/', req.url));
  return NextResponse.next();
}

export const config = {
  matcher: ['/dashboard', '/dashboard/:path*', '/secret'],
};
