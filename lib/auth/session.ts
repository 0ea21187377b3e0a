import { SignJWT, jwtVerify } from 'jose';
import { HttpError } from '@/lib/api/http';
import { getSessionSecret } from '@/lib/auth/secret';

/**
 * The product's own session: a short HS256 token made once the identity provider has vouched
 * for the user (POST /jwt). The browser holds it only as an httpOnly cookie, out of reach of
 * scripts; API clients other than the browser may send it as `Authorization: Bearer`. The admin role is not in it: it is looked up per request, so making someone
 * admin (or deleting them) takes effect at once.
 */

export const SESSION_COOKIE = 'bistro_session';
export const SESSION_MAX_AGE_SECONDS = 60 * 60;

const ISSUER = 'bistro';
const AUDIENCE = 'bistro';
const ALGORITHM = 'HS256';

export interface SessionClaims {
  uid: string;
  email: string;
  name?: string;
  picture?: string;
}

/** Set-Cookie attributes; pass to `response.cookies.set(...)` of a NextResponse. */
export interface SessionCookie {
  name: typeof SESSION_COOKIE;
  value: string;
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  maxAge: number;
  secure: boolean;
}

export async function createSessionToken(user: SessionClaims): Promise<string> {
  const claims: Record<string, string> = { email: user.email };
  if (user.name) claims.name = user.name;
  if (user.picture) claims.picture = user.picture;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
    .sign(getSessionSecret());
}

/** The user a session token names, or null for anything not signed by us, expired or malformed. */
export async function verifySessionToken(token: string | null | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, getSessionSecret(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.email !== 'string' || !payload.email) {
      return null;
    }
    const user: SessionClaims = { uid: payload.sub, email: payload.email };
    if (typeof payload.name === 'string') user.name = payload.name;
    if (typeof payload.picture === 'string') user.picture = payload.picture;
    return user;
  } catch {
    return null;
  }
}

export function sessionCookie(token: string): SessionCookie {
  return {
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
    secure: process.env.NODE_ENV === 'production',
  };
}

export function clearedSessionCookie(): SessionCookie {
  return { ...sessionCookie(''), maxAge: 0 };
}

/** The session of a request: the Bearer token when it is valid, else the session cookie. */
export async function readSession(req: Request): Promise<SessionClaims | null> {
  const bearer = bearerToken(req);
  if (bearer) {
    const user = await verifySessionToken(bearer);
    if (user) return user;
  }
  return verifySessionToken(readCookie(req, SESSION_COOKIE));
}

/**
 * Cross-site request forgery guard. A state-changing request that is not carrying a Bearer
 * header relies on the cookie the browser attaches on its own, so it must come from one of our
 * own pages: its Origin must be present and equal to this site's origin. A Bearer header cannot
 * be attached by another site's page (it would need a CORS preflight this API never grants),
 * so such requests pass, as do scripts and tests that use one.
 */
export function assertSameOrigin(req: Request): void {
  if (!UNSAFE_METHODS.has(req.method.toUpperCase())) return;
  if (bearerToken(req)) return;
  const origin = normalizeOrigin(req.headers.get('origin'));
  if (!origin || !ownOrigins(req).has(origin)) {
    throw new HttpError(403, 'Cross-origin request refused.');
  }
}

/** The signed-in user of a request, checked against cross-site forgery; else 401 (or 403). */
export async function requireUser(req: Request): Promise<SessionClaims> {
  const user = await readSession(req);
  if (!user) throw new HttpError(401, 'Please log in.');
  assertSameOrigin(req);
  return user;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The origins this request may legitimately come from. Behind a proxy (Vercel, a tunnel) the
 * URL the server sees can differ from the one the browser used, which the forwarded headers
 * tell. A forging page cannot set any of these headers, so accepting each of them is safe.
 */
function ownOrigins(req: Request): Set<string> {
  const url = new URL(req.url);
  const origins = new Set([url.origin]);
  const proto = firstValue(req.headers.get('x-forwarded-proto')) ?? url.protocol.replace(/:$/, '');
  for (const host of [firstValue(req.headers.get('x-forwarded-host')), firstValue(req.headers.get('host'))]) {
    const origin = host ? normalizeOrigin(`${proto}://${host}`) : null;
    if (origin) origins.add(origin);
  }
  return origins;
}

/** 'https://Example.com:443' and 'https://example.com' are the same origin; 'null' is none. */
function normalizeOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value || undefined;
}
