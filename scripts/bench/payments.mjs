// What the email outbox adds to a payment: one diner pays for `count` orders one after another
// (the demo card, at a table), and the server, started with MAIL_LOG_OUTBOX_WRITES=1, logs how
// long each completion's outbox write took. The payment's p50 is read with and without that time,
// in the same run. Mail goes to a local SMTP server (smtp-server), after each answer; measured
// again while that server takes 10 s to greet, the payment must not slow; and again with texts
// chosen at checkout and each order made ready by a cook, while the SMS provider takes 10 s.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
};

/** A sink that accepts every message; resolves with its URL, how many it took, `slow(ms)` (its greeting's delay from now on) and `close()`. */
export async function startMailSink() {
  let received = 0;
  let greetingDelayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      setTimeout(() => callback(), greetingDelayMs);
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received: () => received,
    slow: (ms) => {
      greetingDelayMs = ms;
    },
    // Connections still waiting for their greeting are not waited for.
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An SMS provider as the local catcher speaks it (POST /api/messages), answering after `slow(ms)`; resolves with its URL, how many texts it took, and `close()`. */
export async function startSmsSink() {
  let received = 0;
  let delayMs = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        received += 1;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: String(received) }));
      }, delayMs),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received: () => received,
    slow: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

async function post(baseUrl, token, path, body, method = 'POST') {
  const res = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Pays `count` orders in turn (after 5 unmeasured); the payment's p50/p99 and the outbox write's, in ms.
 * `texts`: the diner asks for texts at checkout; `cookToken`: a cook then makes each order ready (not timed), so its text is sent.
 */
export async function measurePayments({ baseUrl, output, token, menuId, count = 60, texts = false, cookToken = null }) {
  const pay = async () => {
    await post(baseUrl, token, '/api/carts', { menuId });
    const choice = texts ? { texts: { phone: '+14155550123', consent: true } } : {};
    const { transactionId } = await post(baseUrl, token, '/api/create-payment-intent', { fulfilment: { kind: 'asap' }, ...choice });
    const started = performance.now();
    const { order } = await post(baseUrl, token, '/api/payments/demo-confirm', { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const took = performance.now() - started;
    if (cookToken) {
      for (const [from, status] of [['pending', 'preparing'], ['preparing', 'ready']]) await post(baseUrl, cookToken, `/api/orders/${order._id}`, { status, from }, 'PATCH');
    }
    return took;
  };
  for (let i = 0; i < 5; i++) await pay();
  const logged = () => [...output().matchAll(/\[mail\] outbox order paid in ([\d.]+) ms/g)].map((m) => Number(m[1]));
  const before = logged().length;
  const payments = [];
  for (let i = 0; i < count; i++) payments.push(await pay());
  const writes = logged().slice(before);
  return {
    count,
    paymentP50: percentile(payments, 0.5),
    paymentP99: percentile(payments, 0.99),
    writeP50: percentile(writes, 0.5),
    writeP99: percentile(writes, 0.99),
    writes: writes.length,
  };
}
