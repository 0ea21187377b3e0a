// `npm run bench:load`: load on the production server, loopback only and bounded in time.
// autocannon against the public pages, the menu API and add-to-cart with a signed-in session;
// prints req/s, p50/p99 latency and errors, with pages as a ratio of a static file's rate.
// Targets: zero errors; public pages >= 0.5 of the static file. Missed targets are reported,
// not fatal. Flags: --no-build, --duration=<s>, --connections=<n>.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './bench/args.mjs';
import { buildApp, startServer } from './bench/server.mjs';
import { benchDiner } from './bench/signed-in.mjs';
import { stopAll, killAllSync } from './bench/processes.mjs';
import { measureThroughput } from './bench/throughput.mjs';
import { STATIC_BASELINE, LOAD } from './bench/config.mjs';
import { heading, ms, ratio, rps, table, verdict } from './bench/report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA_DIR = '.data-bench-load';
const args = benchArgs(process.argv.slice(2), ['no-build', 'duration', 'connections'], { duration: 6, connections: LOAD.connections });
const { duration, connections } = args;

const PAGES = ['/', '/menu', '/order/salad'];
const PAGE_TARGET = 0.5;

process.on('SIGINT', () => {
  killAllSync();
  process.exit(130);
});

async function main() {
  rmSync(join(ROOT, DATA_DIR), { recursive: true, force: true });
  if (!args['no-build'] || !existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
    if ((await buildApp({ cwd: ROOT, env: { DATA_DIR: '.data-bench-build' } })) !== 0) throw new Error('next build failed');
    rmSync(join(ROOT, '.data-bench-build'), { recursive: true, force: true });
  }
  const diner = await benchDiner(join(ROOT, DATA_DIR));
  const server = await startServer({
    cwd: ROOT,
    // Limits scaled out of the way: this measures capacity, the limits have their own tests.
    env: { DATA_DIR, ...diner.env, RATE_LIMIT_SCALE: '100000', ALLOW_AUTH_EMULATOR: '1' },
  });
  const { token } = diner;
  const menu = await (await fetch(`${server.baseUrl}/api/menu?category=salad`)).json();
  const menuId = menu[0]?._id;
  if (!menuId) throw new Error('the menu is empty');

  const opts = { duration, connections, warmup: 1 };
  let adds = 0;
  const runs = [];
  const measure = async (label, path, extra = {}) => {
    const r = await measureThroughput(server.baseUrl, path, { ...opts, ...extra });
    runs.push({ label, ...r });
    process.stdout.write(`[load] ${label}: ${rps(r.rps)} req/s\n`);
    return r;
  };
  const first = await measure(`static ${STATIC_BASELINE.path}`, STATIC_BASELINE.path);
  for (const page of PAGES) await measure(`GET ${page}`, page);
  await measure('GET /api/menu', '/api/menu');
  await measure('POST /api/carts', '/api/carts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    // A note of its own makes every add a new line: the same dish again joins one line, which holds 20 at most.
    body: () => ({ menuId, note: `load ${++adds}` }),
  });
  const last = await measure(`static ${STATIC_BASELINE.path} (again)`, STATIC_BASELINE.path);
  const baseline = (first.rps + last.rps) / 2;

  const cart = await (await fetch(`${server.baseUrl}/api/carts?email=${encodeURIComponent(diner.person.email)}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const cartRun = runs.find((r) => r.path === '/api/carts');
  await server.stop();
  rmSync(join(ROOT, DATA_DIR), { recursive: true, force: true });

  heading(`Load (${connections} connections, ${duration} s each, loopback)`);
  console.log(table(
    ['route', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'vs static', ''],
    runs.map((r) => {
      const isPage = PAGES.includes(r.path);
      const rel = r.rps / baseline;
      return [r.label, rps(r.rps), ms(r.p50), ms(r.p99), String(r.errors + r.timeouts), String(r.non2xx), r.path.startsWith('/images') ? '' : ratio(rel), isPage ? verdict(rel >= PAGE_TARGET) : ''];
    }),
  ));
  const failures = runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
  console.log(`\nstatic baseline: ${rps(baseline)} req/s (mean of first and last run)`);
  console.log(`errors and non-2xx answers in all runs: ${failures} (target 0) ${verdict(failures === 0)}`);
  if (cartRun) {
    const acknowledged = Object.entries(cartRun.statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n + count : n), 0);
    console.log(`add-to-cart: ${acknowledged} acknowledged in the measured run; ${Array.isArray(cart) ? cart.length : 'n/a'} items in the cart, warm-up included`);
  }
}

main()
  .catch(async (err) => {
    console.error(`[load] could not run: ${err.message}`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
