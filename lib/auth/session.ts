import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { getSessionSecret } from '@/lib/auth/secret';

/**
 * The product's own session token: a short HS256 token made once the identity provider has
 * vouched for the user (POST /api/jwt). The browser holds it only as an httpOnly cookie, out of
 * reach of scripts; API clients other than the browser may send it as `Authorization: Bearer`.
 *
 * A valid signature is not enough to be signed in: lib/auth/viewer.ts also checks the user record
 * (which holds the role), so deleting a user, changing their role or signing them out ends the
 * token at once. For that the token names its session (`jti`) and the record's session version.
 */

export const SESSION_COOKIE = 'bistro_session';
export const SESSION_MAX_AGE_SECONDS = 60 * 60;

const ISSUER = 'bistro';
const AUDIENCE = 'bistro';
const ALGORITHM = 'HS256';

/** Who a session is for, as the identity provider said at sign-in. */
export interface SessionIdentity {
  uid: string;
  email: string;
  name?: string;
  picture?: string;
}

/** What a valid token says. */
export interface SessionClaims extends SessionIdentity {
  /** This session, among the user's others. */
  sessionId: string;
  /** The user record's session version when the token was made. */
  version: number;
  expiresAt: Date;
}

export async function createSessionToken(identity: SessionIdentity, version: number): Promise<string> {
  const claims: Record<string, string | number> = { email: identity.email, sv: version };
  if (identity.name) claims.name = identity.name;
  if (identity.picture) claims.picture = identity.picture;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(identity.uid)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
    .sign(getSessionSecret());
}

/** What a session token says, or null for anything not signed by us, expired or malformed. */
export async function verifySessionToken(token: string | null | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, getSessionSecret(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const { sub, jti, exp, email, sv } = payload;
    if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || typeof email !== 'string' || !email) return null;
    if (!Number.isInteger(sv) || typeof exp !== 'number') return null;
    const claims: SessionClaims = { uid: sub, email, sessionId: jti, version: sv as number, expiresAt: new Date(exp * 1000) };
    if (typeof payload.name === 'string') claims.name = payload.name;
    if (typeof payload.picture === 'string') claims.picture = payload.picture;
    return claims;
  } catch {
    return null;
  }
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

/** How a token came with the request: the browser attaches the cookie by itself, never a bearer. */
export type TokenSource = 'bearer' | 'cookie';

/** The session tokens a request carries, the Bearer header's first. */
export function sessionTokensOf(req: Request): { token: string; source: TokenSource }[] {
  const found: { token: string; source: TokenSource }[] = [];
  const bearer = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) found.push({ token: bearer, source: 'bearer' });
  const cookie = readCookie(req, SESSION_COOKIE);
  if (cookie) found.push({ token: cookie, source: 'cookie' });
  return found;
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
