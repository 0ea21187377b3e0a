// The sustained rate of a route: the highest offered load (requests per second) it answers in
// full, without errors, with its p99 latency under a limit. Found by doubling the offered rate
// until a step fails (or halving it until one passes), then bisecting between the last pass and the first failure.
import { measureThroughput } from './throughput.mjs';
import { heading, ms, rps, table, verdict } from './report.mjs';

/** Each step: 1 s of warm-up, then this many seconds measured at the offered rate. */
const STEP_SECONDS = 3;
/** A step passes only when the server kept up with (nearly) all of the offered load. */
const KEPT_UP = 0.95;
/** Bisection stops when the failing rate is within this factor of the passing one. */
const PRECISION = 1.15;

/**
 * @param {string} baseUrl
 * @param {{ label: string, path: string, p99Ms: number, method?: string, headers?: Record<string, string>, body?: unknown,
 *   start?: number, max?: number }} target
 */
export async function sustainedRate(baseUrl, { label, path, p99Ms, start = 50, max = 10_000, ...request }) {
  const steps = [];
  const step = async (rate) => {
    // Enough connections that a slow answer never holds the offered rate back: twice rate × limit.
    const connections = Math.min(256, Math.max(4, Math.ceil(((rate * p99Ms) / 1000) * 2)));
    const r = await measureThroughput(baseUrl, path, { ...request, rate, connections, duration: STEP_SECONDS, warmup: 1 });
    const failed = r.errors + r.timeouts + r.non2xx;
    const ok = failed === 0 && r.p99 < p99Ms && r.rps >= rate * KEPT_UP;
    steps.push({ offered: rate, achieved: r.rps, p50: r.p50, p99: r.p99, failed, connections, ok });
    process.stdout.write(`[sustained] ${label} at ${rps(rate)} req/s: achieved ${rps(r.rps)}, p99 ${ms(r.p99)}, failed ${failed} ${ok ? 'pass' : 'fail'}\n`);
    return ok;
  };

  let pass = 0;
  let fail = 0;
  if (await step(start)) {
    pass = start;
    for (let rate = start * 2; rate <= max; rate *= 2) {
      if (await step(rate)) pass = rate;
      else {
        fail = rate;
        break;
      }
    }
  } else {
    // Too much already (a loaded machine): halve until a step passes.
    fail = start;
    for (let rate = Math.floor(start / 2); rate >= 1; rate = Math.floor(rate / 2)) {
      if (await step(rate)) {
        pass = rate;
        break;
      }
      fail = rate;
    }
  }
  if (pass && fail) {
    while (fail / pass > PRECISION) {
      const mid = Math.round(Math.sqrt(pass * fail));
      if (await step(mid)) pass = mid;
      else fail = mid;
    }
  }
  return { label, path, p99Ms, rate: pass, reachedMax: !fail, steps };
}

/**
 * The sustained rates bench:load reports: the menu page (p99 < 100 ms) and add-to-cart by a
 * signed-in diner (p99 < 250 ms), each add a line of its own (a note), so no line fills up.
 */
export async function measureSustainedRates(baseUrl, { token, menuId }) {
  let adds = 0;
  const targets = [
    { label: 'GET /menu', path: '/menu', p99Ms: 100 },
    {
      label: 'add to cart',
      path: '/api/carts',
      p99Ms: 250,
      start: 25,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: () => ({ menuId, note: `sustained ${++adds}` }),
    },
  ];
  const results = [];
  for (const target of targets) results.push(await sustainedRate(baseUrl, target));
  return results;
}

/** Prints each route's sustained rate and the steps that found it. */
export function printSustainedRates(results) {
  heading(`Sustained rate (offered load, ${STEP_SECONDS} s a step; pass: no errors, >= ${KEPT_UP * 100}% answered, p99 under the limit)`);
  console.log(
    table(
      ['route', 'p99 limit', 'sustained', ''],
      results.map((r) => [r.label, ms(r.p99Ms), `${r.reachedMax ? '>= ' : ''}${rps(r.rate)} req/s`, verdict(r.rate > 0)]),
    ),
  );
  for (const r of results) {
    console.log(`\n${r.label}:`);
    console.log(
      table(
        ['offered', 'achieved', 'p50', 'p99', 'failed', 'connections', ''],
        r.steps.map((s) => [`${rps(s.offered)} req/s`, `${rps(s.achieved)} req/s`, ms(s.p50), ms(s.p99), String(s.failed), String(s.connections), s.ok ? 'pass' : 'fail']),
      ),
    );
  }
}
