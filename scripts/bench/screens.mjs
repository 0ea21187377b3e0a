// The screens and the API pages under a year of history: a server started on N past orders (the
// history seed, with its rollups), each staff and admin screen and each list's pages asked for as
// the people who use them, a few times each: the median time to the whole answer and its size as
// the browser receives it, unpacked. Imports the app's TypeScript modules, so it runs under tsx.
import { memory, seedHistory } from './orders-scale.mjs';
import { startServer } from './server.mjs';
import { benchSessions } from './signed-in.mjs';

const REPEATS = 3;

export const SCREEN_TARGETS = { screenMs: 300, screenBytes: 200_000, apiMs: 100, reportMs: 500 };

/** The menu, `orders` past orders with their diners and rollups (the history seed), an admin, and the diner with the most orders. */
async function prepare(dataDir, orders, people, work) {
  await seedHistory(dataDir, orders, people, work);
  const { EmbeddedDb } = await import('../../lib/db/embedded.ts');
  const { DINER_DOMAIN } = await import('../../lib/seed/history.ts');
  const db = await EmbeddedDb.open({ dataDir });
  try {
    // The history's busiest diner, whose payment history is the longest: each diner's orders counted by index.
    const diners = await db.collection('users').find({ email: { $regex: `@${DINER_DOMAIN.replace(/\./g, '\\.')}$` } }).toArray();
    let busiest = null;
    for (const diner of diners) {
      const n = await db.collection('payments').countDocuments({ ownerUid: diner.uid });
      if (n > (busiest?.orders ?? 0)) busiest = { uid: diner.uid, email: diner.email, name: diner.name, orders: n };
    }
    return busiest;
  } finally {
    await db.close();
  }
}

async function timedGet(url, cookie) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await res.text();
  return { ms: performance.now() - started, bytes: Buffer.byteLength(body), status: res.status, link: res.headers.get('link'), total: res.headers.get('x-total-count') };
}

/** The median of REPEATS answers after one to warm up, with the status and headers of the last. */
async function measure(url, cookie) {
  await timedGet(url, cookie);
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await timedGet(url, cookie));
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return { ...runs.at(-1), ms: sorted[Math.floor(REPEATS / 2)].ms };
}

/**
 * The all-time orders export, read to its end as a download is, with the server's resident memory
 * sampled meanwhile: its time, its size and rows, and how far the memory rose above what it was
 * before (a streamed export holds one page, so that rise should not grow with the orders).
 */
async function exportAll(server, cookie) {
  const pid = server.child.pid;
  const before = memory(pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 25);
  const started = performance.now();
  try {
    const res = await fetch(`${server.baseUrl}/api/exports/orders`, { headers: { cookie } });
    let bytes = 0;
    let rows = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows += 1;
    }
    return { ms: performance.now() - started, bytes, rows: rows - 1, status: res.status, rssBeforeMB: before, rssPeakMB: Math.max(peak, memory(pid).rss) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * One size: prepares `dataDir`, starts the built app on it, and measures. Answers one row per
 * request, `{ kind: 'screen' | 'api' | 'report', what, ms, bytes, status, total }`, and the
 * all-time CSV export's figures.
 */
export async function measureScreens({ cwd, dataDir, orders, admin, work }) {
  const busiest = await prepare(dataDir, orders, [admin], work);
  const diner = busiest ?? { uid: 'bench-screens-diner', email: 'bench.screens@bistro.test', name: 'Bench Screens' };
  const { env, sessions } = await benchSessions([admin, diner]);
  const [adminCookie, dinerCookie] = sessions.map((s) => s.cookie);
  const server = await startServer({ cwd, env: { ...env, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100000' }, readyPath: '/api/menu', pollMs: 50, timeoutMs: 600_000 });
  try {
    const rows = [];
    const get = async (kind, what, path, cookie = adminCookie) => {
      const r = await measure(`${server.baseUrl}${path}`, cookie);
      rows.push({ kind, what, ...r });
      return r;
    };
    for (const path of ['/dashboard/manageOrders', '/dashboard/kitchen', '/dashboard/staffHome', '/dashboard/adminHome', '/dashboard/adminHome?period=month', '/dashboard/allUsers', '/dashboard/manageBookings', '/dashboard/reviews']) {
      await get('screen', path, path);
    }
    await get('screen', '/dashboard/paymentHistory (the busiest diner)', '/dashboard/paymentHistory', dinerCookie);

    const first = await get('api', 'GET /api/orders', '/api/orders');
    const next = first.link?.match(/<([^>]+)>/)?.[1];
    if (next) await get('api', 'GET /api/orders, page 2 (Link)', next);
    await get('api', 'GET /api/orders?status=completed&fulfilment=pickup', '/api/orders?status=completed&fulfilment=pickup');
    await get('api', 'GET /api/orders?from=…&to=… (a week)', `/api/orders?from=${daysAgo(14)}&to=${daysAgo(7)}`);
    await get('api', 'GET /api/orders?search=<email prefix>', `/api/orders?search=${encodeURIComponent(diner.email.slice(0, 6))}`);
    await get('api', 'GET /api/orders?search=<two letters>', `/api/orders?search=${encodeURIComponent(diner.email.slice(0, 2))}`);
    await get('api', 'GET /api/orders?search=#<number>', '/api/orders?search=%2342');
    await get('api', 'GET /api/orders (the kitchen: open, 200)', '/api/orders?status=pending,preparing,ready&limit=200');
    await get('api', 'GET /api/users', '/api/users');
    await get('api', 'GET /api/users?search=<name>', `/api/users?search=${encodeURIComponent(diner.name.slice(0, 3))}`);
    await get('api', 'GET /api/bookings?all=1', '/api/bookings?all=1');
    await get('api', 'GET /api/review', '/api/review');
    await get('api', 'GET /api/payments/{email} (the busiest diner)', `/api/payments/${encodeURIComponent(diner.email)}`, dinerCookie);
    for (const period of ['today', 'month', 'all']) await get('api', `GET /api/stats?period=${period}`, `/api/stats?period=${period}`);
    await get('screen', '/dashboard/reports?period=month', '/dashboard/reports?period=month');
    await get('report', 'GET /api/reports/sales (a month)', `/api/reports/sales?from=${daysAgo(30)}&to=${daysAgo(0)}`);
    await get('report', 'GET /api/reports/sales (a year)', `/api/reports/sales?from=${daysAgo(365)}&to=${daysAgo(0)}`);
    return { rows, csvExport: await exportAll(server, adminCookie) };
  } finally {
    await server.stop();
  }
}

function daysAgo(days) {
  return new Date(Date.now() - days * 86_400_000).toLocaleDateString('en-CA');
}
