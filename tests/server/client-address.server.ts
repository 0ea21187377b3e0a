/**
 * Rate limits through the production server: the client is who the socket (or a trusted proxy)
 * says, so forwarding headers a client makes up, or a copy of the server's own header, never buy
 * it a fresh counter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/security/client-address.mjs';
import { startServer, type RunningServer } from '../faults/server';

const servers: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-client-address-'));
  dirs.push(dir);
  return dir;
}

async function serve(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ DATA_DIR: dataDir(), RATE_LIMIT_SCALE: '1', ...env });
  servers.push(server);
  return server;
}

/** POST /api/jwt with a token Firebase would refuse: 401 until the client is over the limit of 20 a minute. */
async function signInAttempt(server: RunningServer, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, ...headers },
    body: JSON.stringify({ idToken: 'not-a-firebase-token' }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('the client address behind the production server', () => {
  it('ignores X-Forwarded-For, X-Real-IP and a copy of its own header sent by the client', async () => {
    const server = await serve();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const spoofed = `198.51.100.${i}`;
      statuses.push(await signInAttempt(server, { 'x-forwarded-for': spoofed, 'x-real-ip': spoofed, [CLIENT_ADDRESS_HEADER]: spoofed }));
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('with TRUST_PROXY_HOPS=1, reads the address the proxy appended, and only that one', async () => {
    const server = await serve({ TRUST_PROXY_HOPS: '1' });
    // One client behind the proxy, making up what it puts before the proxy's entry.
    const one = [];
    for (let i = 0; i < 21; i++) one.push(await signInAttempt(server, { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` }));
    expect(one.at(-1)).toBe(429);
    // Other clients of the same proxy are counted apart.
    const others = [];
    for (let i = 0; i < 10; i++) others.push(await signInAttempt(server, { 'x-forwarded-for': `203.0.113.${100 + i}` }));
    expect(others.every((s) => s === 401)).toBe(true);
  });
});
