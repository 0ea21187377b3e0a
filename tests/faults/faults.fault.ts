import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import { BSON } from 'mongodb';
import { firebaseIdToken } from '../support/firebase';
import { freePort, spawnServer, startServer, type RunningServer } from './server';

/**
 * Faults against the real production server (`next start` on the build `npm test` made):
 * a SIGKILL in the middle of acknowledged writes, an unusable data directory, an unreachable
 * MongoDB.
 */

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
});

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;

describe('a SIGKILL during a stream of writes', () => {
  it('loses no acknowledged write and leaves the data file intact', async () => {
    const dataDir = join(tmpdir(), `bistro-fault-${process.pid}-${Date.now()}`);
    const env = { DATA_DIR: dataDir, SESSION_SECRET: secret };
    const first = await startServer(env);
    servers.push(first);
    const email = 'kill.test@bistro.test';
    const signIn = await fetch(`${first.baseUrl}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.baseUrl },
      body: JSON.stringify({ idToken: await firebaseIdToken(email) }),
    });
    const auth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    // Soups have no options to choose; a note of its own makes every add a new line, not a merge.
    const menu = (await (await fetch(`${first.baseUrl}/api/menu?category=soup`)).json()) as { _id: string }[];

    const acknowledged: string[] = [];
    let stop = false;
    let written = 0;
    const writer = async () => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.baseUrl}/api/carts`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ menuId: menu[i % menu.length]!._id, note: `write ${++written}` }),
          });
          if (res.ok) acknowledged.push(((await res.json()) as { insertedId: string }).insertedId);
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    await new Promise((r) => setTimeout(r, 1500));
    await first.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    // The file parses whole, and a new server on it has every acknowledged item.
    const file = readFileSync(join(dataDir, 'bistro.json'), 'utf8');
    expect(() => BSON.EJSON.parse(file)).not.toThrow();
    const second = await startServer(env);
    servers.push(second);
    const cart = (await (await fetch(`${second.baseUrl}/api/carts?email=${encodeURIComponent(email)}`, { headers: auth })).json()) as { _id: string }[];
    const ids = new Set(cart.map((c) => c._id));
    const missing = acknowledged.filter((id) => !ids.has(id));
    console.log(`[faults] SIGKILL: ${acknowledged.length} acknowledged cart writes, ${cart.length} in the cart after restart, ${missing.length} missing`);
    expect(missing).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

/** Starts a server that should refuse to: its exit code (or 'still running' after 30 s) and what it said. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | string | null; output: string }> {
  const { child, output } = spawnServer(env, await freePort());
  const [code] = (await Promise.race([
    new Promise((resolve) => child.once('exit', (c) => resolve([c]))),
    new Promise((resolve) => setTimeout(() => resolve(['still running']), 30_000)),
  ])) as [number | string | null];
  if (code === 'still running') process.kill(-child.pid!, 'SIGKILL');
  return { code, output: output() };
}

describe('an unusable data directory', () => {
  it('stops the server at start with a clear message instead of failing every request', async () => {
    const notADir = join(tmpdir(), `bistro-file-${process.pid}`);
    writeFileSync(notADir, 'a file where a directory should be');
    const { code, output } = await refusedStart({ DATA_DIR: join(notADir, 'data') });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: DATA_DIR ".*" is not writable/);
    rmSync(notADir, { force: true });
  });
});

describe('a server built without the Stripe publishable key', () => {
  it('refuses to start with a Stripe secret key, saying why, instead of taking demo cards', async () => {
    const dataDir = join(tmpdir(), `bistro-stripe-${process.pid}-${Date.now()}`);
    const { code, output } = await refusedStart({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_configured_but_not_built' });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: STRIPE_SECRET_KEY is set but this build has no NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY/);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('an unreachable MongoDB', () => {
  it('answers API calls 503 and shows public pages a friendly screen', async () => {
    const server = await startServerWhenDbIsDown();
    servers.push(server);
    const api = await fetch(`${server.baseUrl}/api/menu`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: 'The database is unavailable. Please try again shortly.' });
    // Prerendered pages keep being served from the cache; a page that needs the database now
    // gets the friendly error screen.
    expect((await fetch(`${server.baseUrl}/menu`)).status).toBe(200);
    const page = await fetch(`${server.baseUrl}/order/salad/1`);
    expect(page.status).toBe(500);
    expect(await page.text()).not.toMatch(/MongoServerSelectionError|\n\s+at /);
    // The friendly screen is the error boundary, which renders in the browser.
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
    try {
      const tab = await browser.newPage();
      await tab.goto(`${server.baseUrl}/order/salad/1`);
      // Production hides server error details from the browser, so the screen is the general one.
      await tab.getByRole('heading', { name: 'Something went wrong' }).waitFor({ timeout: 20_000 });
      expect(await tab.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});

function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

async function startServerWhenDbIsDown(): Promise<RunningServer> {
  // Port 9 (discard) has no listener: the driver fails its server selection within seconds.
  // Any answer means it is up: the database being down is the point.
  return startServer({ MONGODB_URI: 'mongodb://127.0.0.1:9/bistro?directConnection=true&serverSelectionTimeoutMS=1500' }, () => true);
}
