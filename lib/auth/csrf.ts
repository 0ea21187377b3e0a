import { HttpError } from '@/lib/api/http';

/**
 * Cross-site request forgery guard. The browser attaches the session cookie to any request to
 * this site, whichever page made it, so a state-changing request that relies on the cookie must
 * come from one of our own pages: its Origin must be present and be this site's. Requests
 * authenticated by a valid Bearer token need no such check (another site's page cannot add the
 * header without a CORS preflight this API never grants); lib/auth/viewer.ts skips it for them.
 */
export function assertSameOrigin(req: Request): void {
  if (!UNSAFE_METHODS.has(req.method.toUpperCase())) return;
  const origin = normalizeOrigin(req.headers.get('origin'));
  if (!origin || !ownOrigins(req).has(origin)) {
    throw new HttpError(403, 'Cross-origin request refused.');
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
