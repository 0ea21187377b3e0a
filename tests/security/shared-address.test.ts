/**
 * Rate limits that one person cannot turn against everybody behind the same address: an IPv6
 * client is one client for its whole /64 (rotating through it gains nothing), and on a shared
 * address (a restaurant's Wi-Fi) the sign-in and guest limits count each person or browser, so
 * somebody signing in or making guests in a loop uses up only their own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as jwtRoute } from '@/app/api/jwt/route';
import { GET as sessionRoute } from '@/app/api/session/route';
import { MemoryRateLimitStore, addressBucket, setRateLimitStore } from '@/lib/rate-limit';
import { CLIENT_ADDRESS_HEADER, TRUSTED_ADDRESS_FLAG } from '@/lib/security/client-address.mjs';
import { DEVICE_COOKIE } from '@/lib/security/device';
import { anonymousSignIn, firebaseIdToken } from '../support/firebase';
import { SITE, request } from '../support/http';
import { uniqueEmail } from '../support/people';

beforeEach(() => {
  setRateLimitStore(new MemoryRateLimitStore());
  vi.stubEnv('RATE_LIMIT_SCALE', '1');
  // As under the production server, which writes the socket's address into this header.
  vi.stubEnv(TRUSTED_ADDRESS_FLAG, '1');
});
afterEach(() => vi.unstubAllEnvs());

/** POST /api/jwt from `address`, with a browser's device cookie when given. */
async function signIn(idToken: string, address: string, device?: string) {
  const headers: Record<string, string> = { origin: SITE, [CLIENT_ADDRESS_HEADER]: address };
  if (device) headers.cookie = `${DEVICE_COOKIE}=${device}`;
  const res = await jwtRoute(request('POST', '/api/jwt', { headers, json: { idToken } }), undefined);
  return res.status;
}

/** A browser's first visit: the device mark GET /api/session gives it. */
async function newBrowser(address: string): Promise<string> {
  const res = await sessionRoute(request('GET', '/api/session', { headers: { [CLIENT_ADDRESS_HEADER]: address } }), undefined);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}; .*HttpOnly`, 'i'));
  return cookie!.split(';')[0]!.split('=')[1]!;
}

describe('the address a limit counts', () => {
  it('is an IPv6 client’s /64, and an IPv4-mapped address’s IPv4', () => {
    expect(addressBucket('2001:db8:1:2::a')).toBe(addressBucket('2001:db8:1:2:ffff:ffff:ffff:1'));
    expect(addressBucket('2001:db8:1:2::a')).not.toBe(addressBucket('2001:db8:1:3::a'));
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
  });

  it('rotating through an IPv6 /64 does not escape the limit on refused sign-ins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await signIn('not-a-token', `2001:db8:77:1::${(i + 1).toString(16)}`));
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another subscriber's /64 is another client.
    expect(await signIn('not-a-token', '2001:db8:77:2::1')).toBe(401);
  });
});

describe('on a shared address', () => {
  const WIFI = '198.51.100.40';

  it('one person’s refused sign-ins in a loop do not stop anybody else signing in', async () => {
    for (let i = 0; i < 30; i++) await signIn('not-a-token', WIFI);
    expect(await signIn('not-a-token', WIFI)).toBe(429);
    expect(await signIn(await firebaseIdToken(uniqueEmail('neighbour')), WIFI)).toBe(200);
  });

  it('one browser making guests in a loop uses up its own, and the next table still continues as guest', async () => {
    const looping = await newBrowser(WIFI);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await signIn((await anonymousSignIn()).idToken, WIFI, looping));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    const nextTable = await newBrowser(WIFI);
    expect(await signIn((await anonymousSignIn()).idToken, WIFI, nextTable)).toBe(200);
    // Dropping the cookie gains nothing: browsers without one share one bucket of the address.
    const without: number[] = [];
    for (let i = 0; i < 12; i++) without.push(await signIn((await anonymousSignIn()).idToken, WIFI));
    expect(without.at(-1)).toBe(429);
    expect(await signIn((await anonymousSignIn()).idToken, WIFI, await newBrowser(WIFI))).toBe(200);
  });
});
