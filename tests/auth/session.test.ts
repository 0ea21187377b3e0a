import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { NextResponse } from 'next/server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionSecret } from '@/lib/auth/secret';
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  clearedSessionCookie,
  createSessionToken,
  sessionCookie,
  sessionTokensOf,
  verifySessionToken,
} from '@/lib/auth/session';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-auth-session-'));
process.env.DATA_DIR = dataDir;
delete process.env.SESSION_SECRET;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const dana = { uid: 'uid-dana', email: 'diner@bistro.test', name: 'Dana Diner', picture: 'https://example.test/dana.png' };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function validClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: dana.uid, email: dana.email, jti: 'session-1', sv: 0, iss: 'bistro', aud: 'bistro', iat: now, exp: now + 600, ...overrides };
}

async function signWith(key: Uint8Array, claims: Record<string, unknown>, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

describe('session token', () => {
  it('round-trips the user, naming its own session and the session version it was made under', async () => {
    const token = await createSessionToken(dana, 3);
    const claims = decodeJwt(token);
    expect(await verifySessionToken(token)).toEqual({ ...dana, sessionId: claims.jti, version: 3, expiresAt: new Date(claims.exp! * 1000) });
    expect(claims).toMatchObject({ sub: dana.uid, iss: 'bistro', aud: 'bistro', sv: 3 });
    expect(claims.exp! - claims.iat!).toBe(SESSION_MAX_AGE_SECONDS);
    expect(SESSION_MAX_AGE_SECONDS).toBe(3600);
  });

  it('gives every token a session of its own', async () => {
    const [a, b] = await Promise.all([createSessionToken(dana, 0), createSessionToken(dana, 0)]);
    expect((await verifySessionToken(a))?.sessionId).not.toBe((await verifySessionToken(b))?.sessionId);
  });

  it('leaves out a name and picture the user does not have', async () => {
    const token = await createSessionToken({ uid: 'u2', email: 'plain@bistro.test' }, 0);
    expect(await verifySessionToken(token)).toMatchObject({ uid: 'u2', email: 'plain@bistro.test', version: 0 });
    expect(await verifySessionToken(token)).not.toHaveProperty('name');
  });

  it('rejects a token without a session id or session version (made before sessions could end)', async () => {
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ jti: undefined })))).toBeNull();
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ sv: undefined })))).toBeNull();
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims()))).not.toBeNull();
  });

  it('rejects a token signed with another secret', async () => {
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-0123456789');
    expect(await verifySessionToken(await signWith(other, validClaims()))).toBeNull();
  });

  it('rejects an unsigned token (alg: none)', async () => {
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`;
    expect(await verifySessionToken(token)).toBeNull();
  });

  it('rejects our own secret under another algorithm', async () => {
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims(), 'HS512'))).toBeNull();
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const token = await signWith(getSessionSecret(), validClaims({ iat: past, exp: past + 3600 }));
    expect(await verifySessionToken(token)).toBeNull();
  });

  it('rejects a tampered payload', async () => {
    const [header, , signature] = (await createSessionToken(dana, 0)).split('.');
    const forged = `${header}.${base64url(validClaims({ email: 'admin@bistro.test' }))}.${signature}`;
    expect(await verifySessionToken(forged)).toBeNull();
  });

  it('rejects a wrong audience or issuer', async () => {
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ aud: 'other-app' })))).toBeNull();
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ iss: 'someone-else' })))).toBeNull();
  });

  it('rejects tokens without a subject or email, and junk', async () => {
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ sub: undefined })))).toBeNull();
    expect(await verifySessionToken(await signWith(getSessionSecret(), validClaims({ email: 42 })))).toBeNull();
    for (const junk of ['', 'abc', 'a.b.c', undefined, null]) expect(await verifySessionToken(junk)).toBeNull();
  });
});

describe('session cookie', () => {
  it('is httpOnly, SameSite=Lax, for the whole site, one hour', async () => {
    const res = NextResponse.json({ ok: true });
    res.cookies.set(sessionCookie('the-token'));
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=the-token`));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=3600/);
    expect(header).not.toMatch(/Secure/i);
  });

  it('is Secure in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(sessionCookie('t').secure).toBe(true);
    expect(clearedSessionCookie().secure).toBe(true);
  });

  it('is cleared with an empty value and Max-Age=0', () => {
    const res = NextResponse.json({ ok: true });
    res.cookies.set(clearedSessionCookie());
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
  });
});

describe('sessionTokensOf', () => {
  const url = 'http://localhost:3000/api/carts';

  it('reads the Bearer header', () => {
    expect(sessionTokensOf(new Request(url, { headers: { authorization: 'Bearer abc.def.ghi' } }))).toEqual([{ token: 'abc.def.ghi', source: 'bearer' }]);
  });

  it('reads the session cookie among others', () => {
    const req = new Request(url, { headers: { cookie: `theme=dark; ${SESSION_COOKIE}=abc.def.ghi; other=1` } });
    expect(sessionTokensOf(req)).toEqual([{ token: 'abc.def.ghi', source: 'cookie' }]);
  });

  it('answers both, the Bearer token first, and nothing without either', () => {
    const req = new Request(url, { headers: { authorization: 'Bearer one', cookie: `${SESSION_COOKIE}=two` } });
    expect(sessionTokensOf(req)).toEqual([
      { token: 'one', source: 'bearer' },
      { token: 'two', source: 'cookie' },
    ]);
    expect(sessionTokensOf(new Request(url))).toEqual([]);
  });
});
