import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { POST as jwtRoute } from '@/app/api/jwt/route';
import { POST as logoutRoute } from '@/app/api/logout/route';
import { GET as sessionRoute } from '@/app/api/session/route';
import { GET as listUsersRoute, POST as createUserRoute } from '@/app/api/users/route';
import { GET as adminCheckRoute } from '@/app/api/users/admin/[key]/route';
import { collections } from '@/lib/db';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { setRateLimitStore, MemoryRateLimitStore } from '@/lib/rate-limit';
import { createFirebaseAccount, firebaseIdToken, signInIdToken, verifyEmail } from '../support/firebase';
import { SITE, request } from '../support/http';
import { makeAdmin, makeDiner, uniqueEmail as unique } from '../support/people';

const ORIGIN = SITE;
/** A JSON POST from one of our own pages. */
const post = (url: string, json: unknown, headers: Record<string, string> = {}) => request('POST', url, { headers: { origin: SITE, ...headers }, json });

/** Signs in through POST /api/jwt, as the browser does after Firebase: the session's headers. */
async function signIn(idToken: string): Promise<Record<string, string>> {
  const res = await jwtRoute(post('/api/jwt', { idToken }), undefined);
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

beforeAll(() => setRateLimitStore(new MemoryRateLimitStore()));

describe('POST /api/jwt', () => {
  it('exchanges a verified Firebase ID token for a session token and an httpOnly cookie', async () => {
    const email = unique('jwt');
    const res = await jwtRoute(post('/api/jwt', { idToken: await firebaseIdToken(email), email: 'ignored@evil.test' }), undefined);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(token.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');

    const session = await sessionRoute(new Request(`${ORIGIN}/api/session`, { headers: { authorization: `Bearer ${token}` } }), undefined);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it.each([
    ['missing', {}],
    ['empty', { idToken: '' }],
    ['wrong type', { idToken: 42 }],
    ['malformed', { idToken: 'not-a-jwt' }],
    ['an email alone', { email: 'admin@bistro.test' }],
  ])('refuses a %s token with a 4xx and a message', async (_name, body) => {
    const res = await jwtRoute(post('/api/jwt', body), undefined);
    expect([400, 401]).toContain(res.status);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses forged, expired and other-project tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = (aud: string, exp: number) => ({
      iss: `https://securetoken.google.com/${aud}`, aud, sub: 'forged-uid', user_id: 'forged-uid', email: 'admin@bistro.test',
      iat: now - 60, exp, auth_time: now - 60, firebase: { sign_in_provider: 'password', identities: {} },
    });
    const otherProject = new UnsecuredJWT(claims('demo-other', now + 3600)).encode();
    const expired = new UnsecuredJWT(claims('demo-bistro', now - 10)).encode();
    const signedByUs = await new SignJWT(claims('demo-bistro', now + 3600)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(32)));
    for (const idToken of [otherProject, expired, signedByUs]) {
      const res = await jwtRoute(post('/api/jwt', { idToken }), undefined);
      expect(res.status).toBe(401);
    }
  });

  it('refuses a cross-origin request', async () => {
    const res = await jwtRoute(post('/api/jwt', { idToken: 'x' }, { origin: 'https://evil.test' }), undefined);
    expect(res.status).toBe(403);
  });

  /** The limits as shipped, counted from zero, for this test only. */
  function shippedLimits() {
    setRateLimitStore(new MemoryRateLimitStore());
    const scale = process.env.RATE_LIMIT_SCALE;
    process.env.RATE_LIMIT_SCALE = '1';
    onTestFinished(() => {
      process.env.RATE_LIMIT_SCALE = scale;
      setRateLimitStore(new MemoryRateLimitStore());
    });
  }

  it('answers 429 with Retry-After once a client exceeds the limit', async () => {
    shippedLimits();
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await jwtRoute(post('/api/jwt', { idToken: 'x' }, from), undefined)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const limited = await jwtRoute(post('/api/jwt', { idToken: 'x' }, from), undefined);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps counting whatever forwarding headers the client makes up', async () => {
    shippedLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const spoofed = { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}`, 'x-bistro-client-address': `198.51.100.${i}` };
      statuses.push((await jwtRoute(post('/api/jwt', { idToken: 'x' }, spoofed), undefined)).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.indexOf(429)).toBe(20);
  });
});

describe('session tokens on secured routes', () => {
  it('refuses a token signed with another secret, alg none, and no token', async () => {
    const email = unique('forger');
    const otherSecret = await new SignJWT({ email }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setIssuer('bistro')
      .setAudience('bistro').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-1234'));
    const none = new UnsecuredJWT({ email }).setSubject('x').setIssuer('bistro').setAudience('bistro').setIssuedAt().setExpirationTime('1h').encode();
    for (const auth of [`Bearer ${otherSecret}`, `Bearer ${none}`, undefined]) {
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      const res = await createUserRoute(post('/api/users', { name: 'X' }, headers), undefined);
      expect(res.status).toBe(401);
      const cookieRes = await createUserRoute(post('/api/users', { name: 'X' }, auth ? { cookie: `${SESSION_COOKIE}=${auth.slice(7)}` } : {}), undefined);
      expect(cookieRes.status).toBe(401);
    }
  });
});

describe('signing in makes the user record, keyed by the Firebase uid', () => {
  it('once per account, with the name Firebase gives and no role; POST /api/users sets only the name', async () => {
    const email = unique('record');
    const idToken = await firebaseIdToken(email, 'Rita#2024', 'Rita Record');
    const headers = await signIn(idToken);
    await signIn(idToken);
    const { users } = await collections();
    expect(await users.countDocuments({ email })).toBe(1);
    const record = await users.findOne({ email });
    expect(record).toMatchObject({ name: 'Rita Record', emailVerified: false });
    expect(record?.uid).toBeTruthy();
    expect(record?.role).toBeUndefined();

    const renamed = await createUserRoute(post('/api/users', { name: 'Rita R.', email: 'admin@bistro.test', role: 'admin' }, headers), undefined);
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ modifiedCount: 1 });
    expect(await users.findOne({ email })).toMatchObject({ name: 'Rita R.', email });
    expect((await users.findOne({ email }))?.role).toBeUndefined();
    expect(await users.countDocuments({ email: 'admin@bistro.test', name: 'Rita R.' })).toBe(0);
  });

  it('makes ADMIN_EMAILS users admin only once Firebase has verified the address, at their next sign-in', async () => {
    const email = unique('boss');
    process.env.ADMIN_EMAILS = `someone@else.test, ${email.toUpperCase()}`;
    const { idToken } = await createFirebaseAccount(email, 'Boss#2024');
    // Anybody can sign up with the owner's address; until it is verified it grants nothing.
    const unverified = await signIn(idToken);
    expect((await listUsersRoute(request('GET', '/api/users', { headers: unverified }), undefined)).status).toBe(403);
    const { users } = await collections();
    expect((await users.findOne({ email }))?.role).toBeUndefined();

    await verifyEmail(idToken, email);
    const verified = await signIn((await signInIdToken(email, 'Boss#2024')).idToken);
    expect((await users.findOne({ email }))?.role).toBe('admin');
    expect((await listUsersRoute(request('GET', '/api/users', { headers: verified }), undefined)).status).toBe(200);
    // The role changed, so the session made before it is over.
    expect((await listUsersRoute(request('GET', '/api/users', { headers: unverified }), undefined)).status).toBe(401);
  });

  it('refuses a cookie-authenticated POST /api/users from another origin', async () => {
    const diner = await makeDiner();
    const res = await createUserRoute(post('/api/users', {}, { cookie: `${SESSION_COOKIE}=${diner.token}`, origin: 'https://evil.test' }), undefined);
    expect(res.status).toBe(403);
  });
});

describe('signing out everywhere', () => {
  it('also signs the account out of Firebase: a browser that remembers the user cannot sign back in with it', async () => {
    const email = unique('everywhere');
    const { idToken } = await createFirebaseAccount(email, 'Away#2024');
    const headers = await signIn(idToken);
    // Firebase keeps its revocation time in whole seconds: step past the second of that sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const out = await logoutRoute(request('POST', '/api/logout?everywhere=1', { headers }), undefined);
    expect(out.status).toBe(200);
    const again = await jwtRoute(post('/api/jwt', { idToken }), undefined);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: 'The Firebase ID token has been revoked. Please log in again.' });
    // Typing the password again works at once.
    await signIn((await signInIdToken(email, 'Away#2024')).idToken);
  });
});

describe('GET /api/users/admin/{email}', () => {
  const call = async (email: string, headers: Record<string, string>) =>
    adminCheckRoute(new Request(`${ORIGIN}/api/users/admin/${encodeURIComponent(email)}`, { headers }), { params: Promise.resolve({ key: email }) });

  it("answers { admin } for the caller's own email only", async () => {
    const diner = await makeDiner();
    expect(await (await call(diner.email, diner.headers)).json()).toEqual({ admin: false });
    expect((await call('admin@bistro.test', diner.headers)).status).toBe(403);
    expect((await call(diner.email, {})).status).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('is for admins only', async () => {
    const diner = await makeDiner();
    expect((await listUsersRoute(new Request(`${ORIGIN}/api/users`), undefined)).status).toBe(401);
    expect((await listUsersRoute(new Request(`${ORIGIN}/api/users`, { headers: diner.headers }), undefined)).status).toBe(403);
    const admin = await makeAdmin();
    const res = await listUsersRoute(new Request(`${ORIGIN}/api/users`, { headers: admin.headers }), undefined);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }[]).some((u) => u.email === admin.email)).toBe(true);
  });
});

describe('POST /api/logout', () => {
  it('clears the session cookie', async () => {
    const res = await logoutRoute(post('/api/logout', {}), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
  });
});
