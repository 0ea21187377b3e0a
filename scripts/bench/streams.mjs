// The order event stream under load: many clients hold GET /api/orders/stream open while a diner
// pays for orders and staff move each one on. Every connection must receive every event; the
// server's resident memory is sampled before the connections open, while they are held, and after
// they close. Loopback only.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { execFileSync } from 'node:child_process';

/** Resident set size of a process, in MB (Linux /proc, else `ps`). */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // Not Linux.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** One EventSource-like client: calls `onOrder(id)` for each `order` event. Resolves once the stream answers 200. */
function openStream(baseUrl, token, onOrder) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/orders/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (!block.includes('event: order')) continue;
          const id = /^id: (.+)$/m.exec(block)?.[1];
          if (id) onOrder(id);
        }
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

async function call(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${answer?.error ?? ''}`);
  return answer;
}

/** Tomorrow's first pickup time with room: an order no hour of the run refuses, and no slot fills. */
async function pickupTomorrow(baseUrl) {
  const date = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
  const slots = await (await fetch(`${baseUrl}/api/pickup-slots?date=${date}`)).json();
  const slot = slots.find((s) => s.available);
  if (!slot) throw new Error(`no pickup time with room on ${date}`);
  return { kind: 'pickup', date, time: slot.time };
}

/** The diner pays for one dish with the demo card; staff start it. Two events; answers when each was asked for. */
async function placeOrder({ baseUrl, dinerToken, staffToken, menuId }) {
  await call(baseUrl, dinerToken, 'POST', '/api/carts', { menuId });
  const { transactionId } = await call(baseUrl, dinerToken, 'POST', '/api/create-payment-intent', { fulfilment: await pickupTomorrow(baseUrl) });
  const paidAsked = Date.now();
  await call(baseUrl, dinerToken, 'POST', '/api/payments/demo-confirm', { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
  const [order] = await call(baseUrl, staffToken, 'GET', '/api/orders?status=pending');
  const startedAsked = Date.now();
  await call(baseUrl, staffToken, 'PATCH', `/api/orders/${order._id}`, { status: 'preparing', from: 'pending' });
  return { orderId: order._id, asked: { pending: paidAsked, preparing: startedAsked } };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/**
 * Holds `connections` streams (as staff, who receive every order) for `holdSeconds`, placing an
 * order every `everyMs` meanwhile. Returns what each connection received and the memory samples.
 */
export async function measureStreams({ baseUrl, serverPid, staffToken, dinerToken, menuId, connections = 200, holdSeconds = 30, everyMs = 1000 }) {
  const rss = { before: rssMb(serverPid), during: [], after: NaN };
  const received = Array.from({ length: connections }, () => new Map());
  const clients = [];
  for (let i = 0; i < connections; i++) {
    clients.push(await openStream(baseUrl, staffToken, (id) => received[i].set(id, Date.now())));
  }
  const sampler = setInterval(() => rss.during.push(rssMb(serverPid)), 1000);
  const placed = [];
  const until = Date.now() + holdSeconds * 1000;
  try {
    while (Date.now() + everyMs < until) {
      const next = Date.now() + everyMs;
      placed.push(await placeOrder({ baseUrl, dinerToken, staffToken, menuId }));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(2000, until - Date.now())));
  } finally {
    // Also when an order could not be placed: no sampler outliving the server.
    clearInterval(sampler);
    for (const client of clients) client.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 5000));
  rss.after = rssMb(serverPid);

  // An event's id ends in its order's id; the order of its two events is the order of its statuses.
  const latencies = [];
  let complete = 0;
  for (const events of received) {
    let all = true;
    for (const { orderId, asked } of placed) {
      const ids = [...events.keys()].filter((id) => id.endsWith(`.${orderId}`));
      if (ids.length !== 2) {
        all = false;
        continue;
      }
      latencies.push(events.get(ids[0]) - asked.pending, events.get(ids[1]) - asked.preparing);
    }
    if (all) complete += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    connections,
    holdSeconds,
    orders: placed.length,
    eventsEach: placed.length * 2,
    complete,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    rss: { before: rss.before, during: Math.max(...rss.during), after: rss.after },
  };
}
