import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, connect } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDb } from '@/lib/db/embedded';
import { TEST_CLOCK_FLAG, TEST_CLOCK_PATH } from '@/lib/settings/test-clock.mjs';
import { createFirebaseAccount, firebaseIdToken } from '../support/firebase';
import { insertLegacyDocuments, insertLegacyUser } from '../support/legacy';
import { freePort, spawnServer, startServer, type RunningServer } from './server';

/**
 * Faults against the real production server (`next start` on the build `npm test` made):
 * a SIGKILL in the middle of acknowledged writes and of a checkpoint, a data directory that fills
 * up, that is unusable, damaged, from a newer version or already in use, data that cannot be
 * indexed or migrated yet, an unreachable MongoDB.
 */

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
});

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
// A cart holds at most 50 lines, so the writes spread over diners, a new one every 40 lines:
// however the writers interleave, no cart is refused for being full.
const LINES_PER_DINER = 40;
let written = 0;
const used = new Set<string>();
const sessions = new Map<string, Promise<string>>();

async function signIn(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ idToken: await firebaseIdToken(email) }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A diner's session with this server, signed in through the app as a browser would, once per server. */
async function auth(server: RunningServer, email: string): Promise<{ authorization: string }> {
  const key = `${server.baseUrl} ${email}`;
  if (!sessions.has(key)) sessions.set(key, signIn(server, email));
  return { authorization: `Bearer ${await sessions.get(key)!}` };
}

/**
 * The next write: an add-to-cart body that makes a new line (the same dish again would join one
 * line, which holds 20 at most) and the session of the diner whose cart it goes to.
 */
const dinerOf = (n: number) => `kill.test.${Math.floor(n / LINES_PER_DINER)}@bistro.test`;

async function nextLine(server: RunningServer, menuId: string): Promise<{ headers: Record<string, string>; body: string }> {
  const n = ++written;
  const email = dinerOf(n);
  used.add(email);
  return { headers: { ...(await auth(server, email)), 'content-type': 'application/json' }, body: JSON.stringify({ menuId, note: `write ${n}` }) };
}

/** Signs in now the diners the next `lines` writes go to: signing in writes their records, which a full disk would refuse. */
async function signInAhead(server: RunningServer, lines: number): Promise<void> {
  for (let n = written + 1; n <= written + lines; n += LINES_PER_DINER) await auth(server, dinerOf(n));
  await auth(server, dinerOf(written + lines));
}
/** A new data directory: its diners start with empty carts. */
function freshDataDir(name: string): string {
  used.clear();
  sessions.clear();
  return join(tmpdir(), `bistro-fault-${name}-${process.pid}-${Date.now()}`);
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ SESSION_SECRET: secret, ...env });
  servers.push(server);
  return server;
}

/** Soups: dishes with no options to choose. */
async function soupIds(server: RunningServer): Promise<string[]> {
  return ((await (await fetch(`${server.baseUrl}/api/menu?category=soup`)).json()) as { _id: string }[]).map((m) => m._id);
}

/** Adds to the cart until `stop()` says so; each writer stops when the server dies under it. */
function addToCartLoop(server: RunningServer, menuIds: string[], writers = 6) {
  const acknowledged: string[] = [];
  const refused: Array<{ status: number; error: string }> = [];
  let stop = false;
  const writer = async () => {
    for (let i = 0; !stop; i++) {
      try {
        const res = await fetch(`${server.baseUrl}/api/carts`, { method: 'POST', ...(await nextLine(server, menuIds[i % menuIds.length]!)) });
        if (res.ok) acknowledged.push(((await res.json()) as { insertedId: string }).insertedId);
        else refused.push({ status: res.status, error: ((await res.json()) as { error: string }).error });
      } catch {
        return; // the server died under this request: not acknowledged
      }
    }
  };
  const running = Promise.all(Array.from({ length: writers }, writer));
  return { acknowledged, refused, stop: () => ((stop = true), running) };
}

/** Every line in the carts of the diners written to so far. */
async function cartIds(server: RunningServer): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const email of used) {
    const cart = (await (await fetch(`${server.baseUrl}/api/carts?email=${encodeURIComponent(email)}`, { headers: await auth(server, email) })).json()) as { _id: string }[];
    for (const line of cart) ids.add(line._id);
  }
  return ids;
}

function integrity(dataDir: string): string {
  const db = new DatabaseSync(join(dataDir, 'bistro.db'), { readOnly: true });
  try {
    return (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
}

describe('a SIGKILL during a stream of writes', () => {
  /** One life of a server: writes until killed at the start of a checkpoint that has pages to copy. */
  async function killDuringCheckpoint(dataDir: string) {
    // Checkpoints every 2 s copy what 2 s of writes put in the log: long enough to be killed in.
    const server = await start({ DATA_DIR: dataDir, DB_CHECKPOINT_MS: '2000', DB_LOG_CHECKPOINTS: '1' });
    const writes = addToCartLoop(server, await soupIds(server));
    let trace = '';
    const killed = new Promise<void>((resolve) => {
      server.child.stderr!.on('data', (chunk: Buffer) => {
        trace += chunk;
        // Armed once a checkpoint has copied pages while writes went on: the next one has work to do too.
        const armed = writes.acknowledged.length > 20 && /done: [1-9]\d*\/\d+ frames/.test(trace);
        if (armed && /\[db\] checkpoint start\n$/.test(trace)) void server.kill('SIGKILL').then(resolve);
      });
    });
    await Promise.race([killed, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    await server.kill('SIGKILL');
    await writes.stop();
    const checkpoints = trace.match(/\[db\] checkpoint .*/g) ?? [];
    return { acknowledged: writes.acknowledged, midCheckpoint: checkpoints.at(-1) === '[db] checkpoint start' };
  }

  it('in the middle of a checkpoint: loses no acknowledged write and leaves the database intact', async () => {
    const dataDir = freshDataDir('kill');
    const acknowledged: string[] = [];
    // The kill is sent when the checkpoint says it starts; a short one may finish first, so try a few lives.
    let midCheckpoint = false;
    for (let life = 1; life <= 5 && !midCheckpoint; life++) {
      const round = await killDuringCheckpoint(dataDir);
      expect(round.acknowledged.length).toBeGreaterThan(20);
      acknowledged.push(...round.acknowledged);
      midCheckpoint = round.midCheckpoint;
    }
    expect(midCheckpoint).toBe(true);

    const server = await start({ DATA_DIR: dataDir });
    const ids = await cartIds(server);
    const missing = acknowledged.filter((id) => !ids.has(id));
    console.log(`[faults] SIGKILL mid-checkpoint: ${acknowledged.length} acknowledged cart writes, ${ids.size} in the cart after restart, ${missing.length} missing`);
    expect(missing).toEqual([]);
    expect(integrity(dataDir)).toBe('ok');
    rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);
});

describe('a SIGTERM during a stream of writes (a redeploy, a container stopping)', () => {
  it('closes the data file before it exits: bistro.db alone, with no log beside it, holds every acknowledged write', async () => {
    const dataDir = freshDataDir('term');
    const server = await start({ DATA_DIR: dataDir });
    const writes = addToCartLoop(server, await soupIds(server), 3);
    while (writes.acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));
    await server.kill('SIGTERM');
    await writes.stop();
    expect([server.child.exitCode, server.child.signalCode]).toEqual([0, null]);
    expect(existsSync(join(dataDir, 'bistro.db-wal'))).toBe(false);
    // Read as a copy of the one file would be read: no log to replay.
    const db = new DatabaseSync(join(dataDir, 'bistro.db'), { readOnly: true });
    try {
      const stored = new Set((db.prepare(`SELECT json_extract(body, '$._id."$oid"') AS id FROM carts`).all() as { id: string }[]).map((row) => row.id));
      expect(stored.size).toBeGreaterThanOrEqual(writes.acknowledged.length);
      expect(writes.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      db.close();
    }
    expect(integrity(dataDir)).toBe('ok');
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});

function tryMount(dir: string, size: string): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a data directory that fills up', () => {
  it('answers 503 for the writes it cannot keep, keeps every acknowledged one, and recovers when space is freed', async (ctx) => {
    const dataDir = freshDataDir('full');
    // A real full disk: a small tmpfs. Mounting needs root (CI containers have it); elsewhere this is skipped.
    if (!tryMount(dataDir, '8m')) {
      rmSync(dataDir, { recursive: true, force: true });
      ctx.skip('cannot mount a tmpfs here (needs root)');
    }
    try {
      const server = await start({ DATA_DIR: dataDir });
      const menuIds = await soupIds(server);
      // Far more lines than a megabyte holds (a few hundred), each diner signed in while there is room.
      await signInAhead(server, 1500);
      // Leave about a megabyte free, then write until the disk is full.
      const free = () => Number(execFileSync('df', ['--output=avail', '-B1', dataDir], { encoding: 'utf8' }).split('\n')[1]);
      writeFileSync(join(dataDir, 'filler'), Buffer.alloc(Math.max(0, free() - 1_000_000)));
      const writes = addToCartLoop(server, menuIds, 4);
      for (let waited = 0; writes.refused.length < 10 && waited < 60_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      await writes.stop();
      expect(writes.acknowledged.length).toBeGreaterThan(5);
      expect(writes.refused.length).toBeGreaterThanOrEqual(10);
      expect(new Set(writes.refused.map((r) => `${r.status} ${r.error}`))).toEqual(new Set(['503 The database is unavailable. Please try again shortly.']));
      expect(server.output()).toMatch(/Could not save to .*bistro\.db \(database or disk is full\); nothing of this write was kept\. The disk is full: free some space\./);
      // What the server shows is what it kept: no refused write appears.
      expect([...(await cartIds(server))].sort()).toEqual([...writes.acknowledged].sort());

      rmSync(join(dataDir, 'filler'));
      const after = await fetch(`${server.baseUrl}/api/carts`, {
        method: 'POST', ...(await nextLine(server, menuIds[0]!)),
      });
      expect(after.status).toBe(201);
      const last = ((await after.json()) as { insertedId: string }).insertedId;

      await server.kill('SIGKILL');
      const again = await start({ DATA_DIR: dataDir });
      const kept = await cartIds(again);
      console.log(`[faults] disk full: ${writes.acknowledged.length} acknowledged, ${writes.refused.length} refused with 503, ${kept.size} in the cart after a restart`);
      expect([...kept].sort()).toEqual([...writes.acknowledged, last].sort());
      await again.kill('SIGKILL');
    } finally {
      execFileSync('umount', ['-l', dataDir], { stdio: 'ignore' });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Starts a server that should refuse to: its exit code (or 'still running' after 30 s) and what it said. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | string | null; output: string }> {
  const { child, output } = spawnServer({ SESSION_SECRET: secret, ...env }, await freePort());
  const [code] = (await Promise.race([
    new Promise((resolve) => child.once('exit', (c) => resolve([c]))),
    new Promise((resolve) => setTimeout(() => resolve(['still running']), 30_000)),
  ])) as [number | string | null];
  if (code === 'still running') process.kill(-child.pid!, 'SIGKILL');
  return { code, output: output() };
}

/** Starts a server that must refuse: exit code 1 and the message, within 30 s. */
async function expectRefusal(env: Record<string, string>, message: RegExp): Promise<void> {
  const { code, output } = await refusedStart(env);
  expect(output).toMatch(message);
  expect(code).toBe(1);
}

describe('a data directory the server cannot use as it is', () => {
  it('not writable: the server stops at start with a clear message', async () => {
    const notADir = join(tmpdir(), `bistro-file-${process.pid}`);
    writeFileSync(notADir, 'a file where a directory should be');
    await expectRefusal({ DATA_DIR: join(notADir, 'data') }, /Cannot start: DATA_DIR ".*" is not writable/);
    rmSync(notADir, { force: true });
  });

  it('already served by another server: the second one stops, the first keeps serving', async () => {
    const dataDir = freshDataDir('two');
    const first = await start({ DATA_DIR: dataDir });
    const pid = first.child.pid!;
    await expectRefusal({ DATA_DIR: dataDir }, new RegExp(`Cannot start: the data in .*bistro\\.db is in use by another process \\(pid ${pid}\\)`));
    const res = await fetch(`${first.baseUrl}/api/carts`, {
      method: 'POST', ...(await nextLine(first, (await soupIds(first))[0]!)),
    });
    expect(res.status).toBe(201);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('damaged or from a newer version: the server refuses to start rather than serve wrong data', async () => {
    const dataDir = freshDataDir('damaged');
    const first = await start({ DATA_DIR: dataDir });
    await first.kill('SIGTERM');
    const file = join(dataDir, 'bistro.db');
    const intact = readFileSync(file);
    // The first page's header, which SQLite reads before anything else, overwritten.
    const damaged = Buffer.from(intact);
    damaged.fill(0x42, 0, 100);
    writeFileSync(file, damaged);
    await expectRefusal({ DATA_DIR: dataDir }, /Cannot start: .*bistro\.db cannot be read \(file is not a database\): it is damaged or not a database of this store\. Restore DATA_DIR from a backup/);
    expect(readFileSync(file).equals(damaged)).toBe(true);

    writeFileSync(file, intact);
    const raw = new DatabaseSync(file);
    raw.exec('PRAGMA user_version = 4');
    raw.close();
    await expectRefusal({ DATA_DIR: dataDir }, /Cannot start: .*bistro\.db was written by a newer version \(data format 4; this version reads up to 3\)\. Run the newer version of Bistro/);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('data the server cannot serve as it is', () => {
  it('a duplicate under a unique index: the server refuses to start, naming the index and the duplicated value', async () => {
    const dataDir = freshDataDir('duplicates');
    const db = await EmbeddedDb.open({ dataDir });
    await db.collection('users').insertMany([
      { uid: 'twin-one', name: 'Twin One', email: 'twin@bistro.test' },
      { uid: 'twin-two', name: 'Twin Two', email: 'twin@bistro.test' },
    ]);
    await db.close();
    await expectRefusal(
      { DATA_DIR: dataDir },
      /Cannot start: the unique index email_1 of users cannot be built: more than one document has \{"email":"twin@bistro\.test"\}\. Change or remove the duplicates, then try again\./,
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a migration that needs Firebase while it is unreachable: 503 meanwhile, and the migration runs once Firebase answers', async () => {
    const dataDir = freshDataDir('offline');
    const email = `offline.${Date.now()}@bistro.test`;
    await createFirebaseAccount(email);
    const db = await EmbeddedDb.open({ dataDir });
    await insertLegacyDocuments(db, email, { userId: await insertLegacyUser(db, email) });
    await db.close();
    // Firebase as this server is told to reach it: a port nobody answers on yet.
    const port = await freePort();
    const server = await startServer({ SESSION_SECRET: secret, DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`, [TEST_CLOCK_FLAG]: '1' }, () => true);
    servers.push(server);
    const menu = await fetch(`${server.baseUrl}/api/menu`);
    expect(menu.status).toBe(503);
    expect(await menu.json()).toEqual({ error: 'The database is unavailable. Please try again shortly.' });
    expect(server.output()).toMatch(/\[db\] Migration 003-owners failed, so it and the migrations after it have not run: /);

    const [emulatorHost, emulatorPort] = process.env.FIREBASE_AUTH_EMULATOR_HOST!.split(':');
    const proxy = createServer((socket) => {
      const upstream = connect(Number(emulatorPort), emulatorHost);
      for (const end of [socket, upstream]) end.on('error', () => end.destroy());
      socket.pipe(upstream).pipe(socket);
    }).listen(port, '127.0.0.1');
    try {
      // The server tries a failed migration again 30 s later: its clock is moved on rather than waited for.
      expect((await fetch(`${server.baseUrl}/api/menu`)).status).toBe(503);
      const moved = await fetch(`${server.baseUrl}${TEST_CLOCK_PATH}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 30_000 }) });
      expect(moved.status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/menu`)).status).toBe(200);
      expect(server.output()).toMatch(/\[db\] migration 003-owners \(.*\): \d+ ms/);
      // Its owner signs in and finds their booking.
      const res = await fetch(`${server.baseUrl}/api/jwt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ idToken: await firebaseIdToken(email, 'Fresh#2024') }),
      });
      const { token } = (await res.json()) as { token: string };
      const bookings = (await (await fetch(`${server.baseUrl}/api/bookings`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[];
      expect(bookings).toHaveLength(1);
    } finally {
      proxy.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
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

describe('a malformed SMTP_URL', () => {
  it('stops the server at start, naming the variable, instead of leaving every email waiting', async () => {
    const dataDir = join(tmpdir(), `bistro-smtp-${process.pid}-${Date.now()}`);
    const { code, output } = await refusedStart({ DATA_DIR: dataDir, SMTP_URL: 'mail.example.com:587' });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
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
  // A database server is a real service: the demo card runs there only on purpose.
  return startServer({ MONGODB_URI: 'mongodb://127.0.0.1:9/bistro?directConnection=true&serverSelectionTimeoutMS=1500', PAYMENTS: 'demo' }, () => true);
}
