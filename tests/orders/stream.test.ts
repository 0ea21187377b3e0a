/**
 * GET /api/orders/stream through its handler, with real Requests, on the embedded engine (whose
 * events come from the write path in this process): who receives which events, what a client
 * that reconnects gets, the heartbeat, the clean end, a session that ends while it listens, and
 * bad input (a malformed Last-Event-ID, a revoked session, a flood of reconnects, a status move
 * that skips a step or goes backwards). Events from several servers: tests/orders/feeds.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { collections, toObjectId } from '@/lib/db';
import { orderHub } from '@/lib/orders/feed/index';
import { changeOrderStatus } from '@/lib/orders/orders';
import type { Order, OrderStatus } from '@/lib/orders/types';
import { LIMITS, MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { endSession } from '@/lib/users/account';
import { setRole } from '@/lib/users/admin';
import { EventStreamReader, type StreamMessage } from '../support/event-stream';
import { errorOf, params, request } from '../support/http';
import { payForDish } from '../support/orders';
import { adminOf, makeAdmin, makeDiner, makeStaff, staffOf, viewerOf, type Person } from '../support/people';

vi.mock('@/lib/auth/firebase-admin', async (importOriginal) => (await import('../support/mocks')).mockFirebaseAdmin(importOriginal));

interface OpenOptions {
  lastEventId?: string;
  query?: string;
}

const open = (person: Person | null, { lastEventId, query = '' }: OpenOptions = {}) =>
  streamRoute(
    request('GET', `/api/orders/stream${query}`, { headers: { ...person?.headers, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) } }),
    undefined,
  );

const readers: EventStreamReader[] = [];

/** A client connected as `person`: the stream answered 200 as text/event-stream. */
async function listen(person: Person, options?: OpenOptions): Promise<EventStreamReader> {
  const res = await open(person, options);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = new EventStreamReader(res);
  readers.push(reader);
  return reader;
}

afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

const orderOf = (message: StreamMessage) => JSON.parse(message.data!) as Order;
const seen = (messages: StreamMessage[]) => messages.map((m) => `${orderOf(m)._id}:${orderOf(m).status}`);

const isOrder = (m: StreamMessage) => m.event === 'order';

/** Order events until `count` of them concern `ids`, then a short while longer; every order event read, of any order. */
async function eventsAbout(reader: EventStreamReader, ids: string[], count: number, timeoutMs = 5000): Promise<StreamMessage[]> {
  const read: StreamMessage[] = [];
  const about = () => read.filter((m) => ids.includes(orderOf(m)._id)).length;
  const until = Date.now() + timeoutMs;
  while (about() < count && Date.now() < until) {
    const next = await reader.next(isOrder, until - Date.now());
    if (!next) break;
    read.push(next);
  }
  read.push(...(await reader.eventsWithin(300)).filter(isOrder));
  return read;
}

const only = (messages: StreamMessage[], ids: string[]) => seen(messages.filter((m) => isOrder(m) && ids.includes(orderOf(m)._id)));

async function move(staff: Person, id: string, from: OrderStatus, to: Exclude<OrderStatus, 'pending'>) {
  await changeOrderStatus(await staffOf(staff), id, { status: to, from });
}

describe('who receives which events', () => {
  it("staff and admins receive every order's events; a diner only their own, never another diner's", async () => {
    const [dana, omar, staff, admin] = [await makeDiner(), await makeDiner(), await makeStaff(), await makeAdmin()];
    const streams = { staff: await listen(staff), admin: await listen(admin), dana: await listen(dana), omar: await listen(omar) };

    const danas = await payForDish(await viewerOf(dana));
    await move(staff, danas, 'pending', 'preparing');
    const omars = await payForDish(await viewerOf(omar));
    const both = [danas, omars];

    for (const who of ['staff', 'admin'] as const) {
      expect(only(await eventsAbout(streams[who], both, 3), both), who).toEqual([`${danas}:pending`, `${danas}:preparing`, `${omars}:pending`]);
    }
    const danaSaw = await eventsAbout(streams.dana, both, 2);
    expect(seen(danaSaw)).toEqual([`${danas}:pending`, `${danas}:preparing`]);
    const omarSaw = await eventsAbout(streams.omar, both, 1);
    expect(seen(omarSaw)).toEqual([`${omars}:pending`]);
    expect(JSON.stringify(omarSaw)).not.toContain(dana.email);
  });

  it('staff and admins asking for their own orders only (`?mine=1`, their payment history) get those', async () => {
    const [dana, admin] = [await makeDiner(), await makeAdmin()];
    const stream = await listen(admin, { query: '?mine=1' });
    const danas = await payForDish(await viewerOf(dana));
    const admins = await payForDish(await viewerOf(admin));
    expect(only(await eventsAbout(stream, [danas, admins], 1), [danas, admins])).toEqual([`${admins}:pending`]);
  });

  it('each event is `event: order` with the shaped order (its number, its fulfilment, each line with its quantity, choices, note and price) and an id a reconnecting client sends back', async () => {
    const [dana, staff] = [await makeDiner(), await makeStaff()];
    const stream = await listen(staff);
    const size = { name: 'Size', min: 1, max: 1, choices: [{ name: 'Cup', price: 0 }, { name: 'Bowl', price: 2 }] };
    const id = await payForDish(await viewerOf(dana), { name: 'Stream Chowder', options: [size] }, { quantity: 2, options: [{ group: 'Size', choices: ['Bowl'] }], note: 'No croutons' });
    const [message] = (await eventsAbout(stream, [id], 1)).filter((m) => orderOf(m)._id === id);
    expect(message!.event).toBe('order');
    const order = orderOf(message!);
    expect(order).toMatchObject({ _id: id, email: dana.email, status: 'pending', itemCount: 2, price: 20, number: expect.any(Number), fulfilment: { kind: 'table', table: 1 } });
    expect(order.items).toEqual([{ name: 'Stream Chowder', quantity: 2, options: [{ group: 'Size', choices: ['Bowl'] }], note: 'No croutons', unitCents: 1000, lineCents: 2000 }]);
    expect(message!.id).toBe(`${Date.parse(order.updatedAt)}.${id}`);
    expect(order.history).toEqual([{ status: 'pending', at: order.data }]);
  });

  it('starts with a retry delay and the heartbeat interval, then beats while nothing happens (a comment and an event, without ids)', async () => {
    process.env.ORDER_STREAM_HEARTBEAT_SECONDS = '0.2';
    try {
      const stream = await listen(await makeStaff());
      expect((await stream.next(() => true, 2000))?.retry).toBe(2000);
      expect(await stream.nextEvent()).toEqual({ event: 'hello', id: null, data: '{"heartbeatMs":200}', retry: null, comments: [] });
      expect(await stream.next((m) => m.comments.includes('heartbeat'), 2000)).toEqual({ event: 'heartbeat', id: null, data: '', retry: null, comments: ['heartbeat'] });
    } finally {
      delete process.env.ORDER_STREAM_HEARTBEAT_SECONDS;
    }
  });
});

describe('a client that reconnects', () => {
  it('with Last-Event-ID gets exactly the events it missed, in order', async () => {
    const [dana, staff] = [await makeDiner(), await makeStaff()];
    const first = await listen(staff);
    const id = await payForDish(await viewerOf(dana));
    const [paid] = (await eventsAbout(first, [id], 1)).filter((m) => orderOf(m)._id === id);
    await first.close();

    await move(staff, id, 'pending', 'preparing');
    await move(staff, id, 'preparing', 'ready');
    const again = await listen(staff, { lastEventId: paid!.id! });
    const missed = await eventsAbout(again, [id], 2);
    expect(only(missed, [id])).toEqual([`${id}:preparing`, `${id}:ready`]);
    // Nothing of before the id it sent.
    expect(only(missed, [id])).not.toContain(`${id}:pending`);
  });

  it('to a server that no longer holds its last id (restarted, or another instance) catches up on every order changed since', async () => {
    const [dana, staff] = [await makeDiner(), await makeStaff()];
    const first = await listen(staff);
    const id = await payForDish(await viewerOf(dana));
    const [paid] = (await eventsAbout(first, [id], 1)).filter((m) => orderOf(m)._id === id);
    await first.close();
    // Nobody listens, and the server forgets its recent events, as a new instance has none.
    (await orderHub()).stop();
    await move(staff, id, 'pending', 'preparing');
    await move(staff, id, 'preparing', 'ready');

    const again = await listen(staff, { lastEventId: paid!.id! });
    // The order as it is now; the steps it took meanwhile are in its history.
    const [caught] = (await eventsAbout(again, [id], 1)).filter((m) => orderOf(m)._id === id);
    expect(orderOf(caught!).status).toBe('ready');
    expect(orderOf(caught!).history.map((h) => h.status)).toEqual(['pending', 'preparing', 'ready']);
  });

  it('from a page read on the server (`?after=` its time) gets what changed since, of its own orders only', async () => {
    const [dana, omar] = [await makeDiner(), await makeDiner()];
    const rendered = Date.now() - 60_000;
    const danas = await payForDish(await viewerOf(dana));
    const omars = await payForDish(await viewerOf(omar));
    const stream = await listen(dana, { query: `?after=${rendered}` });
    const got = await eventsAbout(stream, [danas, omars], 1);
    expect(only(got, [danas, omars])).toEqual([`${danas}:pending`]);
  });
});

describe('the end of a stream', () => {
  beforeEach(() => {
    process.env.ORDER_STREAM_HEARTBEAT_SECONDS = '0.2';
  });
  afterEach(() => {
    delete process.env.ORDER_STREAM_HEARTBEAT_SECONDS;
    delete process.env.ORDER_STREAM_MAX_SECONDS;
  });

  it('comes cleanly after the configured maximum, so EventSource reconnects before the host cuts it off', async () => {
    process.env.ORDER_STREAM_MAX_SECONDS = '0.5';
    const stream = await listen(await makeStaff());
    expect(await stream.endsWithin(3000)).toBe(true);
    // Said last, without an id, so the page knows the reconnection is planned and resumes where it was.
    expect(stream.drain().filter((m) => m.event !== 'heartbeat' && m.event !== 'hello' && m.event !== null)).toEqual([{ event: 'bye', id: null, data: '', retry: null, comments: [] }]);
  });

  it('comes at the next check once the session is ended, and the reconnection is refused (401)', async () => {
    const dana = await makeDiner();
    const stream = await listen(dana);
    await endSession(await viewerOf(dana));
    expect(await stream.endsWithin(3000)).toBe(true);
    const again = await open(dana);
    expect(again.status).toBe(401);
    expect(await errorOf(again)).toBe('Please log in.');
  });

  it("comes when staff are made diners again (their sessions end with the role)", async () => {
    const [cook, admin] = [await makeStaff(), await makeAdmin()];
    const stream = await listen(cook);
    await setRole(await adminOf(admin), cook.id, 'diner');
    expect(await stream.endsWithin(3000)).toBe(true);
  });
});

describe('bad input', () => {
  it('a malformed Last-Event-ID or ?after= is a 400 { error }; so is any other parameter', async () => {
    const staff = await makeStaff();
    for (const lastEventId of ['abc', '1.2.3', '12.0123456789abcdef0123456', '<script>', '9'.repeat(40), '-5', '12.']) {
      const res = await open(staff, { lastEventId });
      expect(res.status, lastEventId).toBe(400);
      expect(await errorOf(res)).toBe('Last-Event-ID: must be an event id this stream sent');
    }
    const after = await open(staff, { query: '?after=yesterday' });
    expect(after.status).toBe(400);
    expect(await errorOf(after)).toBe('after: must be an event id this stream sent');
    const other = await open(staff, { query: '?status=ready' });
    expect(other.status).toBe(400);
    expect(await errorOf(other)).toMatch(/status/);
  });

  it('a revoked session, or none, is a 401 { error }', async () => {
    const dana = await makeDiner();
    await endSession(await viewerOf(dana));
    for (const who of [dana, null]) {
      const res = await open(who);
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toBe('Please log in.');
    }
  });

  it('a flood of connections: a few at once per person (429 { error } past them), and openings are rate limited', async () => {
    setRateLimitStore(new MemoryRateLimitStore());
    const scale = process.env.RATE_LIMIT_SCALE;
    process.env.RATE_LIMIT_SCALE = '1';
    try {
      const staff = await makeStaff();
      const held = await Promise.all(Array.from({ length: 6 }, () => listen(staff)));
      const refused = await open(staff);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await errorOf(refused)).toBe('You already have 6 live order screens open. Close one, then try again.');
      // Another person is not held back by it.
      await listen(await makeStaff());
      // Closing one frees its place.
      await held[0]!.close();
      await vi.waitFor(async () => {
        const res = await open(staff);
        expect(res.status).toBe(200);
        await res.body?.cancel();
      });
      // Reconnecting in a loop meets the rate limit on openings (60 a minute). Its windows start on
      // the minute, so a loop that crosses one fills the next: twice the limit and one reach a 429.
      let status = 200;
      for (let i = 0; i <= 2 * LIMITS.orderStream.limit && status === 200; i++) {
        const res = await open(await makeStaff());
        status = res.status;
        if (status === 200) await res.body?.cancel();
        else expect(await errorOf(res)).toMatch(/^Too many requests/);
      }
      expect(status).toBe(429);
    } finally {
      process.env.RATE_LIMIT_SCALE = scale;
      setRateLimitStore(new MemoryRateLimitStore());
    }
  });

  it('a status move that skips a step or goes backwards is refused, changes nothing and sends no event', async () => {
    const [dana, staff] = [await makeDiner(), await makeStaff()];
    const id = await payForDish(await viewerOf(dana));
    await move(staff, id, 'pending', 'preparing');
    const stream = await listen(staff);
    const { payments } = await collections();
    const stored = async () => JSON.stringify(await payments.findOne({ _id: toObjectId(id)! }));
    const before = await stored();
    const patch = (json: unknown) => patchOrder(request('PATCH', `/api/orders/${id}`, { headers: staff.headers, json }), params({ id }));

    const skip = await patch({ status: 'completed', from: 'preparing' });
    expect(skip.status).toBe(409);
    expect(await errorOf(skip)).toBe('A preparing order cannot be marked completed; it can only be marked ready or cancelled.');
    const back = await patch({ status: 'pending' });
    expect(back.status).toBe(400);
    const stale = await patch({ status: 'preparing', from: 'pending' });
    expect(stale.status).toBe(409);

    expect(only(await stream.eventsWithin(500), [id])).toEqual([]);
    expect(await stored()).toBe(before);
  });
});
