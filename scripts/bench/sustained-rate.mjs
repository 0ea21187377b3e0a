// The sustained rate of a route: the most requests per second it answers, without errors, while
// its p99 latency stays under a limit. Each step holds a number of concurrent clients, each
// sending its next request when the last is answered; the clients double until p99 crosses the
// limit, then the count is bisected. (A fixed offered rate is not used: autocannon sends each
// second's quota in a burst, which measures the burst, not the rate.)
import { measureThroughput } from './throughput.mjs';
import { heading, ms, rps, table, verdict } from './report.mjs';

/** Each step: 1 s of warm-up, then this many seconds measured. */
const STEP_SECONDS = 5;
const MAX_CLIENTS = 256;

/**
 * @param {string} baseUrl
 * @param {{ label: string, path: string, p99Ms: number, method?: string, headers?: Record<string, string>, body?: unknown }} target
 */
export async function sustainedRate(baseUrl, { label, path, p99Ms, ...request }) {
  const steps = [];
  const step = async (connections) => {
    const r = await measureThroughput(baseUrl, path, { ...request, connections, duration: STEP_SECONDS, warmup: 1 });
    const failed = r.errors + r.timeouts + r.non2xx;
    const ok = failed === 0 && r.p99 < p99Ms;
    steps.push({ connections, achieved: r.rps, p50: r.p50, p99: r.p99, failed, ok });
    process.stdout.write(`[sustained] ${label} with ${connections} clients: ${rps(r.rps)} req/s, p99 ${ms(r.p99)}, failed ${failed} ${ok ? 'pass' : 'fail'}\n`);
    return ok;
  };

  let pass = 0;
  let fail = 0;
  for (let clients = 1; clients <= MAX_CLIENTS; clients *= 2) {
    if (await step(clients)) pass = clients;
    else {
      fail = clients;
      break;
    }
  }
  if (pass && fail) {
    while (fail - pass > 1 && fail / pass > 1.2) {
      const mid = Math.round((pass + fail) / 2);
      if (await step(mid)) pass = mid;
      else fail = mid;
    }
  }
  const best = steps.filter((s) => s.ok).reduce((a, b) => (b.achieved > (a?.achieved ?? -1) ? b : a), undefined);
  return { label, path, p99Ms, rate: best?.achieved ?? 0, clients: best?.connections ?? 0, reachedMax: !fail, steps };
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
  heading(`Sustained rate (clients each waiting for their answer, ${STEP_SECONDS} s a step; pass: no errors, p99 under the limit)`);
  console.log(
    table(
      ['route', 'p99 limit', 'sustained', 'clients', ''],
      results.map((r) => [r.label, ms(r.p99Ms), `${r.reachedMax ? '>= ' : ''}${rps(r.rate)} req/s`, String(r.clients), verdict(r.rate > 0)]),
    ),
  );
  for (const r of results) {
    console.log(`\n${r.label}:`);
    console.log(
      table(
        ['clients', 'req/s', 'p50', 'p99', 'failed', ''],
        r.steps.map((s) => [String(s.connections), rps(s.achieved), ms(s.p50), ms(s.p99), String(s.failed), s.ok ? 'pass' : 'fail']),
      ),
    );
  }
}
