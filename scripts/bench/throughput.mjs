// Throughput of one route with autocannon (node API), bounded and loopback only.
import autocannon from 'autocannon';
import { LOAD } from './config.mjs';

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Loads `baseUrl + path` with `connections` concurrent connections: a warm-up run (discarded),
 * then `duration` seconds measured. `body` may be a string or an object (sent as JSON), or a
 * function making each request's object, for a route that must see a new body every time.
 * Returns { path, method, rps, p50, p99, total, non2xx, errors, timeouts, statusCodes }.
 */
export async function measureThroughput(
  baseUrl,
  path,
  {
    method = 'GET',
    headers = {},
    body,
    connections = LOAD.connections,
    duration = LOAD.durationSeconds,
    warmup = LOAD.warmupSeconds,
  } = {},
) {
  const url = new URL(path, baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`refusing to load a non-loopback host: ${url.host}`);
  const allHeaders = { ...headers };
  let payload = body;
  if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
    payload = typeof body === 'function' ? undefined : JSON.stringify(body);
    allHeaders['content-type'] ??= 'application/json';
  }
  const perRequest = typeof body === 'function' ? { requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }] } : {};
  const opts = { url: url.href, method, headers: allHeaders, body: payload, ...perRequest, connections, timeout: 10 };
  if (warmup > 0) await run({ ...opts, duration: warmup });
  const r = await run({ ...opts, duration });
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    path,
    method,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
  };
}
