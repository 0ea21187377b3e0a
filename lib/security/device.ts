import { randomBytes } from 'node:crypto';

/**
 * A browser's own mark (a random id in a long-lived, HTTP-only cookie), set on its first visit by
 * GET /api/session, which every page asks. Limits that would otherwise be one bucket for everybody
 * behind the same address (a restaurant's Wi-Fi, a phone network's NAT) count each browser apart
 * (lib/rate-limit). It proves nothing about who is there: a client that drops it lands in the
 * address's bucket for browsers without one.
 */
export const DEVICE_COOKIE = 'bistro_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The request's device id, or null when it has none (or a malformed one). */
export function deviceOf(req: Request): string | null {
  const cookie = req.headers.get('cookie') ?? '';
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === DEVICE_COOKIE)?.[1];
  return value && DEVICE_ID.test(value) ? value : null;
}

/** A new device cookie for a response. */
export function deviceCookie() {
  return {
    name: DEVICE_COOKIE,
    value: randomBytes(16).toString('base64url'),
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    maxAge: YEAR_SECONDS,
    secure: process.env.NODE_ENV === 'production',
  };
}
