import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api/http';
import { assertSameOrigin } from '@/lib/auth/csrf';

const SITE = 'http://localhost:3000';

function request(method: string, headers: Record<string, string>, url = `${SITE}/api/carts`) {
  return new Request(url, { method, headers });
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
  it('lets a same-origin request through', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(refusal(() => assertSameOrigin(request(method, { origin: SITE })))).toBeUndefined();
    }
  });

  it('refuses a request from another origin', () => {
    const err = refusal(() => assertSameOrigin(request('POST', { origin: 'https://evil.test' })));
    expect(err?.status).toBe(403);
    expect(err?.message).toBe('Cross-origin request refused.');
  });

  it('refuses a request without an Origin, or with Origin null', () => {
    expect(refusal(() => assertSameOrigin(request('DELETE', {})))?.status).toBe(403);
    expect(refusal(() => assertSameOrigin(request('POST', { origin: 'null' })))?.status).toBe(403);
  });

  it('refuses another port or scheme of the same host', () => {
    expect(refusal(() => assertSameOrigin(request('POST', { origin: 'http://localhost:4000' })))?.status).toBe(403);
    expect(refusal(() => assertSameOrigin(request('POST', { origin: 'https://localhost:3000' })))?.status).toBe(403);
  });

  it('is not talked out of it by an Authorization header: only a valid Bearer session skips it (lib/auth/viewer.ts)', () => {
    expect(refusal(() => assertSameOrigin(request('POST', { authorization: 'Bearer anything' })))?.status).toBe(403);
  });

  it('does not check reads', () => {
    expect(refusal(() => assertSameOrigin(request('GET', { origin: 'https://evil.test' })))).toBeUndefined();
    expect(refusal(() => assertSameOrigin(request('HEAD', {})))).toBeUndefined();
  });

  it('accepts the origin the browser used behind a proxy', () => {
    const behindProxy = request(
      'POST',
      { origin: 'https://bistro.example', 'x-forwarded-host': 'bistro.example', 'x-forwarded-proto': 'https' },
      'http://internal:8080/api/carts',
    );
    expect(refusal(() => assertSameOrigin(behindProxy))).toBeUndefined();
    const hostHeader = request('POST', { origin: 'https://bistro.example', host: 'bistro.example:443', 'x-forwarded-proto': 'https' }, 'http://internal:8080/api/carts');
    expect(refusal(() => assertSameOrigin(hostHeader))).toBeUndefined();
  });
});
