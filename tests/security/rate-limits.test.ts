/**
 * Rate limits that hold: the costly writes are limited per user, live counters are never dropped
 * to make room, the MongoDB store counts across instances, and the client address comes only
 * from what the client cannot write.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as demoConfirmRoute } from '@/app/api/payments/demo-confirm/route';
import { POST as promoCheckRoute } from '@/app/api/promos/check/route';
import { POST as paymentsRoute } from '@/app/api/payments/route';
import { POST as reviewRoute } from '@/app/api/review/route';
import { POST as usersRoute } from '@/app/api/users/route';
import { getDb } from '@/lib/db';
import { LIMITS, MemoryRateLimitStore, MongoRateLimitStore, clientAddress, setRateLimitStore, type Limit } from '@/lib/rate-limit';
import { CLIENT_ADDRESS_HEADER, TRUSTED_ADDRESS_FLAG, clientAddressOf } from '@/lib/security/client-address.mjs';
import { call } from '../support/http';
import { makeDiner } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

beforeEach(() => {
  setRateLimitStore(new MemoryRateLimitStore());
  vi.stubEnv('RATE_LIMIT_SCALE', '1');
});
afterEach(() => vi.unstubAllEnvs());

type Handler = Parameters<typeof call>[0];

describe.each<[string, Handler, Limit]>([
  ['/api/review', reviewRoute, LIMITS.review],
  ['/api/payments', paymentsRoute, LIMITS.payment],
  ['/api/payments/demo-confirm', demoConfirmRoute, LIMITS.demoConfirm],
  ['/api/promos/check', promoCheckRoute, LIMITS.promoCheck],
  ['/api/users', usersRoute, LIMITS.account],
])('POST %s', (path, handler, limit) => {
  it(`answers 429 with Retry-After after ${limit.limit} requests a ${limit.windowMs / 1000} s window, per user`, async () => {
    const diner = await makeDiner();
    // A body that fails validation: the limit counts before any work is done.
    const send = (who = diner) => call<{ error: string }>(handler, path, { as: who, body: '{', headers: { 'content-type': 'application/json' } });
    // Windows are fixed (they start on the minute): the clock held still keeps every request in
    // one window, however long they take on a busy machine.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      for (let i = 0; i < limit.limit; i++) expect((await send()).status).toBe(400);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the memory store', () => {
  it('never drops a counter that has not expired to make room, however many clients come', async () => {
    // Windows are fixed (they start on the minute): a clock held at the start of one keeps all
    // these hits inside it, however long they take on a busy machine.
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['Date'] });
    try {
      const store = new MemoryRateLimitStore();
      await store.hit('jwt:ip:first', 60_000);
      for (let i = 0; i < 60_000; i++) await store.hit(`jwt:ip:${i}`, 60_000);
      expect((await store.hit('jwt:ip:first', 60_000)).count).toBe(2);
      expect(store.size).toBe(60_001);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a window once it is over', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    try {
      const store = new MemoryRateLimitStore();
      await store.hit('a', 1000);
      expect((await store.hit('a', 1000)).count).toBe(2);
      vi.advanceTimersByTime(1500);
      expect((await store.hit('b', 1000)).count).toBe(1);
      expect(store.size).toBe(1);
      expect((await store.hit('a', 1000)).count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the MongoDB store (here on the embedded engine, which speaks the same API)', () => {
  it('counts every hit of concurrent instances in one document per key and window', async () => {
    const store = new MongoRateLimitStore(async () => (await getDb()).collection('rateLimits'));
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit('intent:user:u1', 60_000)));
    expect(Math.max(...counts.map((c) => c.count))).toBe(50);
    expect((await store.hit('intent:user:u1', 60_000)).count).toBe(51);
    expect((await store.hit('intent:user:u2', 60_000)).count).toBe(1);
    const windows = await (await getDb()).collection('rateLimits').find({}).toArray();
    expect(windows).toHaveLength(2);
    expect(windows.every((w) => w.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe('the client address', () => {
  const withHeaders = (headers: Record<string, string>) => new Request('http://localhost/api/jwt', { method: 'POST', headers });
  const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;
  const spoofed = { 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2', [CLIENT_ADDRESS_HEADER]: '198.51.100.3' };

  it('is nobody in particular without a source the client cannot write (every caller shares one bucket)', () => {
    expect(clientAddress(withHeaders(spoofed), env({}))).toBe('unknown');
  });

  it("is the production server's header when that server wrote it, and Vercel's on Vercel", () => {
    expect(clientAddress(withHeaders(spoofed), env({ [TRUSTED_ADDRESS_FLAG]: '1' }))).toBe('198.51.100.3');
    expect(clientAddress(withHeaders({ ...spoofed, 'x-vercel-forwarded-for': '203.0.113.5' }), env({ VERCEL: '1' }))).toBe('203.0.113.5');
  });

  it('is the socket, or counted from the right of X-Forwarded-For by the trusted proxy hops', () => {
    expect(clientAddressOf({ socketAddress: '10.0.0.9', forwardedFor: '1.2.3.4', hops: 0 })).toBe('10.0.0.9');
    expect(clientAddressOf({ socketAddress: '10.0.0.9', forwardedFor: 'spoofed, 203.0.113.7', hops: 1 })).toBe('203.0.113.7');
    expect(clientAddressOf({ socketAddress: '10.0.0.9', forwardedFor: 'spoofed, 203.0.113.7, 10.0.0.8', hops: 2 })).toBe('203.0.113.7');
    expect(clientAddressOf({ socketAddress: '10.0.0.9', forwardedFor: undefined, hops: 1 })).toBe('10.0.0.9');
  });
});
