/**
 * A small local stand-in for Stripe's PaymentIntents endpoints, so the real `stripe` SDK can be
 * driven offline: it creates, retrieves (with `expand[]=payment_method`, the card's PaymentMethod
 * and its fingerprint), captures and cancels intents, makes and lists refunds, and can be told to
 * fail the next request the way Stripe does, or to carry a request out and lose its answer (the
 * connection drops, or hangs until released), to confirm an intent's card (what Stripe.js does:
 * an intent with manual capture is then authorized, 'requires_capture', with the card as its
 * payment method), or to mark one paid.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  amount_received: number;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  created: number;
  livemode: false;
  /** Cents refunded so far (not a field of Stripe's PaymentIntent: its charge's amount_refunded). */
  amount_refunded: number;
  /** The PaymentMethod's id once a card was confirmed; the object itself when retrieved with `expand[]=payment_method`. */
  payment_method: string | null;
}

/** A card PaymentMethod, as Stripe answers it: the same card gives the same fingerprint, whoever pays with it. */
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string; funding: string; country: string };
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StripeFailure {
  status: number;
  error: { type: string; code?: string; decline_code?: string; message: string };
}

export interface FakeStripe {
  url: string;
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  /** Requests seen: method, path, the form-encoded parameters and the idempotency key. */
  requests: Array<{ method: string; path: string; params: URLSearchParams; idempotencyKey?: string }>;
  /** The next request fails as Stripe would; with `path`, the next request to that path. */
  failNext(failure: StripeFailure, path?: string): void;
  /** The next `count` POSTs to `path` are carried out and their answers lost: the connection drops. */
  loseAnswers(path: string, count: number): void;
  /** The next POST to `path` is carried out and its answer held, the connection open, until `releaseHeld` drops it. */
  holdAnswer(path: string): void;
  releaseHeld(): void;
  /** A day passes: Stripe removes idempotency keys once they are at least 24 hours old, and a key sent again is new. */
  forgetIdempotencyKeys(): void;
  /** A refund made in Stripe's dashboard: no metadata of ours. */
  refundInDashboard(intentId: string, amount: number): FakeRefund;
  /**
   * The card is confirmed: authorized for manual capture, else charged. A card is a new one
   * (a fingerprint of its own) unless `card.fingerprint` names one paid with before.
   */
  confirm(id: string, card?: { fingerprint?: string; last4?: string }): FakeIntent;
  succeed(id: string): FakeIntent;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** On a free port, or on `port` when a server configured ahead of time must find it. */
export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const methods = new Map<string, FakePaymentMethod>();
  const requests: FakeStripe['requests'] = [];
  const failures: { failure: StripeFailure; path?: string }[] = [];
  const refunds: FakeRefund[] = [];
  const losses: { path: string; hold: boolean }[] = [];
  const held: ServerResponse[] = [];
  /** Idempotency-Key → the answer first given, replayed as Stripe does. */
  const answered = new Map<string, { status: number; body: unknown }>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = new URLSearchParams(await readBody(req));
    const key = req.headers['idempotency-key'];
    requests.push({ method: req.method ?? '', path: url.pathname, params, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
    const lost = req.method === 'POST' ? losses.findIndex((l) => l.path === url.pathname) : -1;
    const loss = lost >= 0 ? losses.splice(lost, 1)[0] : undefined;
    const send = (status: number, body: unknown) => {
      if (loss?.hold) return void held.push(res);
      if (loss) return void res.socket?.destroy();
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Bearer sk_test_fake') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    }
    const at = failures.findIndex((f) => f.path === undefined || f.path === url.pathname);
    if (at >= 0) {
      const [{ failure }] = failures.splice(at, 1) as [{ failure: StripeFailure }];
      return send(failure.status, { error: failure.error });
    }

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? '',
        status: 'requires_payment_method',
        capture_method: params.get('capture_method') ?? 'automatic',
        amount_received: 0,
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        payment_method_types: [...params].filter(([key]) => /^allowed_payment_method_types\[\d+\]$/.test(key)).map(([, value]) => value),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        amount_refunded: 0,
        payment_method: null,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const replay = typeof key === 'string' ? answered.get(key) : undefined;
      if (replay) return send(replay.status, replay.body);
      const answer = refund(params);
      if (typeof key === 'string') answered.set(key, answer);
      return send(answer.status, answer.body);
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === url.searchParams.get('payment_intent'));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      // Stripe's expand: `expand[]=payment_method` (the SDK writes `expand[0]=…`) answers the object in place of its id.
      const expand = [...url.searchParams].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
      if (intent && expand.includes('payment_method') && intent.payment_method) return send(200, { ...intent, payment_method: methods.get(intent.payment_method) });
      if (intent) return send(200, intent);
      return send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` },
      });
    }
    const action = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(url.pathname);
    const target = action && intents.get(action[1]!);
    if (req.method === 'POST' && action && !target) {
      return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${action[1]}'` } });
    }
    if (req.method === 'POST' && target && action) {
      // Stripe's rules: only an authorized intent is captured; a captured or cancelled one is not cancelled.
      const allowed = action[2] === 'capture' ? target.status === 'requires_capture' : !['succeeded', 'canceled'].includes(target.status);
      if (!allowed) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent could not be ${action[2] === 'capture' ? 'captured' : 'canceled'} because it has a status of ${target.status}.`,
          },
        });
      }
      if (action[2] === 'capture') {
        target.status = 'succeeded';
        target.amount_received = target.amount;
      } else target.status = 'canceled';
      return send(200, target);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
  });

  /** Stripe's rules: only a charged intent is refunded, and never past what was charged. */
  function refund(params: URLSearchParams): { status: number; body: unknown } {
    const intent = intents.get(params.get('payment_intent') ?? '');
    const amount = Number(params.get('amount'));
    if (!intent || intent.status !== 'succeeded') {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no charge to refund.' } } };
    }
    if (amount > intent.amount_received - intent.amount_refunded) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.` } } };
    }
    intent.amount_refunded += amount;
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    return { status: 200, body: makeRefund(intent, amount, metadata) };
  }

  function makeRefund(intent: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund {
    const made: FakeRefund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', metadata };
    refunds.push(made);
    return made;
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    intents,
    refunds,
    requests,
    failNext: (failure, path) => failures.push({ failure, path }),
    loseAnswers: (path, count) => losses.push(...Array.from({ length: count }, () => ({ path, hold: false }))),
    holdAnswer: (path) => losses.push({ path, hold: true }),
    releaseHeld: () => held.splice(0).forEach((res) => res.socket?.destroy()),
    forgetIdempotencyKeys: () => answered.clear(),
    refundInDashboard(intentId, amount) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no fake intent ${intentId}`);
      intent.amount_refunded += amount;
      return makeRefund(intent, amount, {});
    },
    confirm(id, card = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      const method: FakePaymentMethod = {
        id: `pm_${randomBytes(12).toString('hex')}`,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: card.last4 ?? '4242', exp_month: 12, exp_year: 2039, fingerprint: card.fingerprint ?? randomBytes(8).toString('hex'), funding: 'credit', country: 'US' },
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      methods.set(method.id, method);
      intent.payment_method = method.id;
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      return intent;
    },
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    close: () => {
      held.splice(0).forEach((res) => res.socket?.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
