// Kitchen printers on the production server with a year of orders (the history seed, with its
// rollups, and a printed ticket for every one of those orders in the ledger): 5 printers polling
// with nothing to print, one after another as fast as each is answered, then diners paying while
// the printers poll, timed from the payment's answer to the ticket's being announced and fetched.
// Imports the app's TypeScript modules and the printer simulator, so it runs under tsx.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { STATIC_BASELINE } from './config.mjs';
import { startServer } from './server.mjs';
import { benchSessions } from './signed-in.mjs';

/** A busy restaurant's year: 100 orders a day. */
export const YEAR_OF_ORDERS = 36_500;
const PRINTERS = 5;
const POLL_SECONDS = 10;
const PAYMENTS = 20;
/** How often the printer that times the tickets polls: short, so the poll interval adds little to what is measured. */
const FAST_POLL_MS = 50;
/** How often each printer polls while the empty poll is timed. */
const PACED_POLL_MS = 200;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function prepare(dataDir, people) {
  const { EmbeddedDb } = await import('../../lib/db/embedded.ts');
  const { runMigrations } = await import('../../lib/db/migrations/runner.ts');
  const { ensureIndexes, seedDatabase } = await import('../../lib/db/seed.ts');
  const { addHistory } = await import('../../lib/seed/history.ts');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const db = EmbeddedDb.open({ dataDir });
  try {
    await runMigrations(db);
    await ensureIndexes(db);
    await seedDatabase(db);
    await addHistory(db, { count: YEAR_OF_ORDERS });
    await db.collection('users').insertMany(people.map((person) => ({ ...person })));
    const now = new Date();
    const secrets = Array.from({ length: PRINTERS }, () => randomBytes(32).toString('base64url'));
    const { insertedIds } = await db.collection('printers').insertMany(
      secrets.map((secret, i) => ({
        name: `Bench printer ${i + 1}`,
        protocol: 'star-cloudprnt',
        paperWidth: 80,
        copies: 1,
        stations: i === 0 ? ['pass'] : ['kitchen'],
        tokenHash: createHash('sha256').update(secret).digest('hex'),
        queue: [],
        createdAt: now,
        updatedAt: now,
        updatedBy: { name: 'Bench' },
      })),
    );
    const printerIds = Object.values(insertedIds);
    // The ledger of the year: every order's ticket, printed.
    const orders = await db.collection('payments').find({}, { projection: { _id: 1, data: 1, number: 1 } }).toArray();
    for (let i = 0; i < orders.length; i += 5000) {
      await db.collection('printJobs').insertMany(
        orders.slice(i, i + 5000).map((order, k) => {
          const printerId = printerIds[(i + k) % PRINTERS];
          return {
            key: `${order._id.toHexString()}:${printerId.toHexString()}:order`,
            printerId,
            orderId: order._id,
            kind: 'order',
            ticket: { label: `#${order.number ?? 0}`, paidAt: order.data.toISOString(), stations: ['Kitchen'], whole: false, lines: [], paidCents: 0 },
            copies: 1,
            state: 'printed',
            createdAt: order.data,
            doneAt: order.data,
          };
        }),
      );
    }
    return secrets;
  } finally {
    await db.close();
  }
}

async function post(baseUrl, token, path, body) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export async function measurePrinting({ cwd, dataDir, env, diner }) {
  const { StarPrinter } = await import('../../tests/support/printers.ts');
  const { env: sessionEnv, sessions: [payer] } = await benchSessions([diner]);
  const secrets = await prepare(dataDir, [diner]);
  const server = await startServer({ cwd, env: { ...env, ...sessionEnv, DATA_DIR: dataDir, NEXT_PUBLIC_HOURS_OPEN: '00:00', NEXT_PUBLIC_HOURS_CLOSE: '00:00' } });
  try {
    const printers = secrets.map((secret) => new StarPrinter(`${server.baseUrl}/api/print/star/${secret}`));
    for (const printer of printers) await printer.poll();

    // 1. Empty polls, each beside a static file asked for the same way (the floor of any request
    // to this server, on this machine, now): the 5 printers each every 200 ms (25 times the
    // default rate between them); each again as soon as it is answered (they queue behind one
    // another); one printer alone, as soon as it is answered.
    let bytes = 0;
    const emptyPoll = async (printer) => {
      const res = await fetch(printer.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ statusCode: '200%20OK', printerMAC: '00:11:62:00:00:01', status: '23 6 0 0 0 0 0 0 0 ' }) });
      const body = await res.text();
      bytes = Buffer.byteLength(body);
      if (res.status !== 200 || body !== '{"jobReady":false}') throw new Error(`an empty poll answered ${res.status} ${body}`);
    };
    const staticFile = async () => {
      const res = await fetch(`${server.baseUrl}${STATIC_BASELINE.path}`);
      await res.arrayBuffer();
    };
    const timed = async (clients, request, pauseMs = 0) => {
      const times = [];
      const until = performance.now() + POLL_SECONDS * 1000;
      await Promise.all(
        clients.map(async (client, i) => {
          await sleep((pauseMs * i) / clients.length);
          while (performance.now() < until) {
            const started = performance.now();
            await request(client);
            times.push(performance.now() - started);
            if (pauseMs) await sleep(pauseMs);
          }
        }),
      );
      return times;
    };
    const ways = [
      { label: `${PRINTERS} printers each every ${PACED_POLL_MS} ms`, clients: PRINTERS, pauseMs: PACED_POLL_MS },
      { label: `${PRINTERS} printers each as soon as answered`, clients: PRINTERS, pauseMs: 0 },
      { label: 'one printer as soon as answered', clients: 1, pauseMs: 0 },
    ];
    const polls = [];
    for (const way of ways) {
      const poll = await timed(printers.slice(0, way.clients), emptyPoll, way.pauseMs);
      const floor = await timed(printers.slice(0, way.clients), staticFile, way.pauseMs);
      polls.push({ label: way.label, p50: percentile(poll, 0.5), p99: percentile(poll, 0.99), n: poll.length, staticP50: percentile(floor, 0.5), staticP99: percentile(floor, 0.99) });
    }

    // 2. Payment to ticket: the pass printer polls every 50 ms, the others every second, while a diner pays.
    const [pass, ...others] = printers;
    let polling = true;
    const background = others.map(async (printer) => {
      while (polling) {
        await printer.drain();
        await sleep(1000);
      }
    });
    const menu = await (await fetch(`${server.baseUrl}/api/menu?category=salad`)).json();
    const announced = [];
    const fetched = [];
    for (let i = 0; i < PAYMENTS; i++) {
      await post(server.baseUrl, payer.token, '/api/carts', { menuId: menu[0]._id });
      const { transactionId } = await post(server.baseUrl, payer.token, '/api/create-payment-intent', { fulfilment: { kind: 'asap' } });
      await post(server.baseUrl, payer.token, '/api/payments/demo-confirm', { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
      const paidAt = performance.now();
      while (!(await pass.poll()).body.jobReady) await sleep(FAST_POLL_MS);
      announced.push(performance.now() - paidAt);
      const [ticket] = await pass.drain();
      if (!ticket) throw new Error('the ticket announced did not print');
      fetched.push(performance.now() - paidAt);
    }
    polling = false;
    await Promise.all(background);
    return {
      orders: YEAR_OF_ORDERS,
      printers: PRINTERS,
      polls,
      pollBytes: bytes,
      payments: PAYMENTS,
      announcedP50: percentile(announced, 0.5),
      announcedMax: Math.max(...announced),
      printedP50: percentile(fetched, 0.5),
      printedMax: Math.max(...fetched),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
