import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api/http';
import { SESSION_COOKIE, assertSameOrigin, createSessionToken, requireUser } from '@/lib/auth/session';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-auth-origin-'));
process.env.DATA_DIR = dataDir;
delete process.env.SESSION_SECRET;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SITE = 'http://localhost:3000';
let token: string;
beforeAll(async () => {
  token = await createSessionToken({ uid: 'uid-dana', email: 'diner@bistro.test' });
});

function request(method: string, headers: Record<string, string>, url = `${SITE}/api/carts`) {
  return new Request(url, { method, headers });
}

function cookie() {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

function refusal(fn: () => unknown): HttpError | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  return undefined;
}

describe('assertSameOrigin', () => {
  it('lets a same-origin cookie request through', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(refusal(() => assertSameOrigin(request(method, { ...cookie(), origin: SITE })))).toBeUndefined();
    }
  });

  it('refuses a cookie request from another origin', () => {
    const err = refusal(() => assertSameOrigin(request('POST', { ...cookie(), origin: 'https://evil.test' })));
    expect(err?.status).toBe(403);
    expect(err?.message).toBe('Cross-origin request refused.');
  });

  it('refuses a cookie request without an Origin, or with Origin null', () => {
    expect(refusal(() => assertSameOrigin(request('DELETE', cookie())))?.status).toBe(403);
    expect(refusal(() => assertSameOrigin(request('POST', { ...cookie(), origin: 'null' })))?.status).toBe(403);
  });

  it('refuses another port or scheme of the same host', () => {
    expect(refusal(() => assertSameOrigin(request('POST', { ...cookie(), origin: 'http://localhost:4000' })))?.status).toBe(403);
    expect(refusal(() => assertSameOrigin(request('POST', { ...cookie(), origin: 'https://localhost:3000' })))?.status).toBe(403);
  });

  it('lets a Bearer request through without an Origin', () => {
    expect(refusal(() => assertSameOrigin(request('POST', { authorization: `Bearer ${token}` })))).toBeUndefined();
  });

  it('does not check reads', () => {
    expect(refusal(() => assertSameOrigin(request('GET', { ...cookie(), origin: 'https://evil.test' })))).toBeUndefined();
    expect(refusal(() => assertSameOrigin(request('HEAD', cookie())))).toBeUndefined();
  });

  it('accepts the origin the browser used behind a proxy', () => {
    const behindProxy = request(
      'POST',
      { ...cookie(), origin: 'https://bistro.example', 'x-forwarded-host': 'bistro.example', 'x-forwarded-proto': 'https' },
      'http://internal:8080/api/carts',
    );
    expect(refusal(() => assertSameOrigin(behindProxy))).toBeUndefined();
    const hostHeader = request('POST', { ...cookie(), origin: 'https://bistro.example', host: 'bistro.example:443', 'x-forwarded-proto': 'https' }, 'http://internal:8080/api/carts');
    expect(refusal(() => assertSameOrigin(hostHeader))).toBeUndefined();
  });
});

describe('requireUser', () => {
  it('returns the user of a same-origin cookie request', async () => {
    await expect(requireUser(request('POST', { ...cookie(), origin: SITE }))).resolves.toMatchObject({ uid: 'uid-dana' });
  });

  it('is 401 without a session', async () => {
    await expect(requireUser(request('GET', {}))).rejects.toMatchObject({ status: 401, message: 'Please log in.' });
    await expect(requireUser(request('POST', { origin: SITE, authorization: 'Bearer forged' }))).rejects.toMatchObject({ status: 401 });
  });

  it('is 403 for a cross-origin cookie request', async () => {
    await expect(requireUser(request('PATCH', { ...cookie(), origin: 'https://evil.test' }))).rejects.toMatchObject({ status: 403 });
  });

  it('accepts a Bearer request without an Origin', async () => {
    await expect(requireUser(request('DELETE', { authorization: `Bearer ${token}` }))).resolves.toMatchObject({ email: 'diner@bistro.test' });
  });
});
