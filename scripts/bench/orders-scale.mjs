// The embedded database under a growing history: a server started on 1, 100,000 or 1,000,000 past
// orders, as `npm run seed -- --history <N>` writes them. For each: start to the first answered
// request (the first on the seeded data, and a later one), memory, add-to-cart latency, the longest
// event-loop block during a burst of writes (measured inside the server), the menu's latency while
// writes go on, and checkouts one after another (add a dish, open the payment, pay with the demo
// card), each step timed.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BSON, ObjectId } from 'mongodb';
import { seedId } from '../../lib/db/seed.ts';
import { generateHistory } from '../../lib/seed/history.ts';
import { seedMenu, seedReviews } from '../../lib/seed/menu-data.ts';
import { NEXT_BIN } from '../processes/production-server.mjs';
import { startServer } from './server.mjs';

const MONITOR = pathToFileURL(fileURLToPath(new URL('./loop-monitor.mjs', import.meta.url))).href;
const ORDER_CATEGORIES = ['salad', 'pizza', 'soup', 'dessert', 'drinks'];

let CHECKOUT_EMAIL = '';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Seeds made before, to measure on without seeding again (a million orders take many minutes):
 * `BENCH_SEEDS=1000000=<data dir>,...`, each a data directory `npm run seed -- --history <N>`
 * wrote and `npm run migrate` brought up to date. Copied, never changed; its seed figures are not known.
 */
const seeded = new Map(
  (process.env.BENCH_SEEDS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [orders, dir] = entry.split('=');
      return [Number(orders), { dir, seedSeconds: null, seedPeakMB: null }];
    }),
);

/**
 * A data directory of `orders` past orders as `npm run seed -- --history <orders>` writes it (run
 * as the script, in a process of its own), with `people`'s user records: the seed's time and its
 * peak memory, which it reports. One seed per size and run: later calls copy it.
 */
export async function seedHistory(dataDir, orders, people, work) {
  let seed = seeded.get(orders);
  if (!seed) {
    const dir = join(work, `seed-${orders}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.mts', '--history', String(orders)], {
      cwd: ROOT, env: { ...process.env, DATA_DIR: dir, MONGODB_URI: '' }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    const figures = out.match(/\(([\d.]+) s, peak memory (\d+) MB\)/);
    if (code !== 0 || !figures) throw new Error(`npm run seed -- --history ${orders} failed (exit ${code}): ${out.slice(-500)}`);
    seed = { dir, seedSeconds: Number(figures[1]), seedPeakMB: Number(figures[2]) };
    seeded.set(orders, seed);
  }
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(seed.dir, dataDir, { recursive: true });
  const { EmbeddedDb } = await import('../../lib/db/embedded.ts');
  const db = await EmbeddedDb.open({ dataDir });
  await db.collection('users').insertMany(people.map((person) => ({ ...person })));
  await db.close();
  return { seedSeconds: seed.seedSeconds, seedPeakMB: seed.seedPeakMB };
}

/** The seeded menu and reviews, `people`'s user records, and `orders` past orders, as the format-1 engine's bistro.json (what an older build is measured on). */
export function legacyDataFile(orders, people = []) {
  const menu = seedMenu.map((item, i) => ({ ...item, _id: seedId('menu', i, `${item.category}\u0000${item.name}`) }));
  const reviews = seedReviews.map((review, i) => ({ ...review, _id: seedId('reviews', i, `${review.name}\u0000${review.details}`) }));
  const history = generateHistory(menu.filter((m) => ORDER_CATEGORIES.includes(m.category)), { count: orders, seed: 1 });
  const users = [...people, ...history.diners].map((d) => ({ ...d, _id: new ObjectId(), createdAt: new Date() }));
  const index = (field, unique = false) => ({ name: `${field}_1`, key: { [field]: 1 }, unique });
  const collections = {
    menu: { indexes: [], documents: menu },
    reviews: { indexes: [index('email')], documents: reviews },
    users: { indexes: [index('email', true)], documents: users },
    carts: { indexes: [index('email')], documents: [] },
    payments: { indexes: [index('email'), index('transactionId', true)], documents: history.orders },
    bookings: { indexes: [index('email'), { name: 'date_1_time_1', key: { date: 1, time: 1 }, unique: false }], documents: [] },
  };
  return BSON.EJSON.stringify({ version: 1, collections }, { relaxed: false });
}

/** Writes a format-1 data file into `dataDir`, for an older build to move as its first start does. */
export function legacyDataDir(dataDir, legacyFile) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(legacyFile, join(dataDir, 'bistro.json'));
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
};

/** Resident and peak memory of a Linux process, in MB. */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]) / 1000;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

const diskBytes = (dir) => readdirSync(dir).filter((f) => f.startsWith('bistro.') && !f.endsWith('.bak')).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

/** Asks the loop monitor in the server for its figures since the last ask. */
async function loopFigures(server) {
  const count = () => server.output().split('\n').filter((l) => l.includes('[loop-monitor]')).length;
  const before = count();
  process.kill(server.child.pid, 'SIGUSR2');
  for (let waited = 0; count() === before; waited += 20) {
    if (waited > 10_000) throw new Error('the loop monitor did not answer');
    await new Promise((r) => setTimeout(r, 20));
  }
  const line = server.output().split('\n').filter((l) => l.includes('[loop-monitor]')).at(-1);
  return JSON.parse(line.slice(line.indexOf('{')));
}

/**
 * A request timed from its first attempt. A reused keep-alive connection that the server closes
 * at that moment fails with a reset (a server stalled for seconds closes many at once): it is
 * sent again once, on a new connection, as a browser would.
 */
async function timed(url, init, expected, read = () => {}) {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, init);
      const body = await res.arrayBuffer();
      if (res.status !== expected) {
        throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}`, { cause: Buffer.from(body).toString().slice(0, 300) });
      }
      const ms = performance.now() - started;
      read(body);
      return ms;
    } catch (err) {
      if (attempt > 1 || !['ECONNRESET', 'UND_ERR_SOCKET'].includes(err.cause?.code)) throw err;
    }
  }
}

let adds = 0;
/** The lines the add-to-cart session made, so that a full cart (50 lines) can be emptied. */
let lines = [];
let emptying = null;

async function emptyCart(baseUrl, token) {
  const ids = lines;
  lines = [];
  for (const id of ids) await fetch(`${baseUrl}/api/carts/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }).then((res) => res.arrayBuffer());
  return ids.length;
}

// A note of its own makes every add a new line: the same dish again joins one line, which holds 20
// at most. A cart holds 50 lines: when it is full, it is emptied (not timed) and the add timed
// again. (Builds from before notes existed drop the field.)
async function addToCart(baseUrl, token, menuId) {
  for (;;) {
    try {
      return await timed(`${baseUrl}/api/carts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ menuId, note: `load ${++adds}` }),
      }, 201, (body) => {
        const id = JSON.parse(Buffer.from(body).toString()).insertedId;
        if (id) lines.push(id);
      });
    } catch (err) {
      // Concurrent adds may fill it again before this one is retried; a cart that cannot be emptied is an error.
      if (!/answered 409$/.test(err.message) || !(await (emptying ??= emptyCart(baseUrl, token).finally(() => (emptying = null))))) throw err;
    }
  }
}

const getMenu = (baseUrl) => timed(`${baseUrl}/api/menu`, {}, 200);

/** A JSON request as the payment page makes it: its answer, and how long it took. */
async function post(baseUrl, token, path, body, expected) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== expected) throw new Error(`POST ${path} answered ${res.status}: ${answer?.error ?? ''}`);
  return { answer, ms: performance.now() - started };
}

/**
 * The first pickup time with room from tomorrow on: an order no hour of the run refuses (a table
 * order needs its QR code's token and the restaurant open). Asked before each checkout, untimed.
 */
async function pickupWithRoom(baseUrl) {
  for (let day = 1; day <= 14; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA');
    const slots = await (await fetch(`${baseUrl}/api/pickup-slots?date=${date}`)).json();
    const slot = Array.isArray(slots) && slots.find((s) => s.available);
    if (slot) return { kind: 'pickup', date, time: slot.time };
  }
  throw new Error('no pickup time with room in the next two weeks');
}

/**
 * One checkout as a diner makes it: a dish into the cart, the payment opened for a pickup time
 * with room, and the demo card paid, until the page has its order. A build whose demo
 * confirmation does not answer the order has its page save the payment next, so that request is
 * part of paying there.
 */
async function checkout(baseUrl, token, menuId) {
  const fulfilment = await pickupWithRoom(baseUrl);
  const add = await post(baseUrl, token, '/api/carts', { menuId }, 201);
  const intent = await post(baseUrl, token, '/api/create-payment-intent', { fulfilment }, 200);
  const { transactionId, price } = intent.answer;
  const confirmed = await post(baseUrl, token, '/api/payments/demo-confirm', { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }, 200);
  const saved = confirmed.answer.order ? { ms: 0 } : await post(baseUrl, token, '/api/payments', { email: CHECKOUT_EMAIL, price, transactionId }, 200);
  return { add: add.ms, intent: intent.ms, pay: confirmed.ms + saved.ms };
}

/**
 * Starts the build in `cwd` on `dataDir` and measures it. `token` is a session the server accepts;
 * `payer` another one's session and email, whose cart holds only what each checkout buys.
 * Sequential add-to-cart runs for at most `maxRequests` or `maxSeconds`, whichever comes first,
 * and so do checkouts (`maxCheckouts`, `checkoutSeconds`).
 */
export async function measureServer({ cwd, dataDir, env, token, payer, maxRequests = 300, maxSeconds = 20, mixedSeconds = 10, burst = 200, maxCheckouts = 100, checkoutSeconds = 20 }) {
  CHECKOUT_EMAIL = payer.email;
  lines = [];
  const nodeOptions = [process.env.NODE_OPTIONS, `--import=${MONITOR}`].filter(Boolean).join(' ');
  const started = performance.now();
  const serverEnv = { ...env, DATA_DIR: dataDir, NODE_OPTIONS: nodeOptions };
  // Builds from before server.mjs are started as `next start`.
  const command = existsSync(join(cwd, 'server.mjs')) ? undefined : ({ host, port }) => [process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', host]];
  const server = await startServer({ cwd, env: serverEnv, command, readyPath: '/api/menu', pollMs: 20, timeoutMs: 600_000 });
  const coldStartMs = performance.now() - started;
  const atStart = memory(server.child.pid);
  let figures;
  try {
    const menu = await (await fetch(`${server.baseUrl}/api/menu?category=salad`)).json();
    const menuId = menu[0]?._id;
    if (!menuId) throw new Error('the menu is empty');
    for (let i = 0; i < 10; i++) await addToCart(server.baseUrl, token, menuId); // warm-up

    const latencies = [];
    const until = performance.now() + maxSeconds * 1000;
    while (latencies.length < maxRequests && performance.now() < until) latencies.push(await addToCart(server.baseUrl, token, menuId));

    // The burst, all at once (the server takes in 200 requests in one turn of its loop, whatever
    // the storage), then 10 at a time (what is left is the longest single step), three times: on
    // a shared machine one burst's longest block may be another process's doing.
    const add = () => addToCart(server.baseUrl, token, menuId);
    const burstBlock = async (inFlight) => {
      await loopFigures(server); // starts the monitor over: the burst is measured alone
      let sent = 0;
      await Promise.all(Array.from({ length: inFlight }, async () => {
        while (sent++ < burst) await add();
      }));
      return loopFigures(server);
    };
    const burstAll = await burstBlock(burst);
    const burstTen = [await burstBlock(10), await burstBlock(10), await burstBlock(10)].sort((a, b) => a.maxMs - b.maxMs)[1];

    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) await addToCart(server.baseUrl, token, menuId);
    });
    const menuLatencies = [];
    const mixedUntil = performance.now() + mixedSeconds * 1000;
    while (performance.now() < mixedUntil) menuLatencies.push(await getMenu(server.baseUrl));
    writing = false;
    await Promise.all(writers);

    for (let i = 0; i < 3; i++) await checkout(server.baseUrl, payer.token, menuId); // warm-up
    const checkouts = [];
    const checkoutUntil = performance.now() + checkoutSeconds * 1000;
    while (checkouts.length < maxCheckouts && performance.now() < checkoutUntil) checkouts.push(await checkout(server.baseUrl, payer.token, menuId));
    const p50 = (step) => percentile(checkouts.map((c) => (step ? c[step] : c.add + c.intent + c.pay)), 0.5);

    const atEnd = memory(server.child.pid);
    figures = {
      checkoutCount: checkouts.length,
      checkoutP50: p50(),
      checkoutAddP50: p50('add'),
      checkoutIntentP50: p50('intent'),
      checkoutPayP50: p50('pay'),
      coldStartMs,
      rssStartMB: atStart.rss,
      rssEndMB: atEnd.rss,
      peakMB: atEnd.peak,
      addCount: latencies.length,
      addP50: percentile(latencies, 0.5),
      addP99: percentile(latencies, 0.99),
      burstAllMaxMs: burstAll.maxMs,
      burstTenMaxMs: burstTen.maxMs,
      burstTenGcMs: burstTen.longestGcMs,
      menuCount: menuLatencies.length,
      menuP50: percentile(menuLatencies, 0.5),
      menuP99: percentile(menuLatencies, 0.99),
      diskBytes: diskBytes(dataDir),
    };
  } catch (err) {
    err.serverLog ??= server.output();
    throw err;
  } finally {
    await server.stop();
  }
  return { ...figures, ...(await laterStart({ cwd, env: serverEnv, command })) };
}

/** The server started again on the same data: what every start after the first costs. */
async function laterStart({ cwd, env, command }) {
  const started = performance.now();
  const server = await startServer({ cwd, env, command, readyPath: '/api/menu', pollMs: 20, timeoutMs: 600_000 });
  try {
    return { laterStartMs: performance.now() - started, laterRssStartMB: memory(server.child.pid).rss };
  } finally {
    await server.stop();
  }
}
