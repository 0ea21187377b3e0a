/**
 * Order events on a deployment of several server instances, at the driver layer: two servers on
 * one embedded data file cannot run, and no MongoDB server can run here, so each "instance" is a
 * hub of its own, fed by the real change-stream source watching a fake shaped like the driver's
 * (tests/support/fake-replica-set.ts), or by the real polling source reading one real database.
 */
import { ObjectId } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeStreamSource, ORDER_CHANGES } from '@/lib/orders/feed/change-stream';
import { OrderHub, type OrderEvent } from '@/lib/orders/feed/hub';
import { pollingSource } from '@/lib/orders/feed/polling';
import type { OrderDocument, OrderSource } from '@/lib/orders/feed/source';
import { changeOrderStatus, ordersChangedSince, shapeOrders } from '@/lib/orders/orders';
import type { OrderStatus } from '@/lib/orders/types';
import { FakeReplicaSet } from '../support/fake-replica-set';
import { insertOrder, orderDoc } from '../support/orders';
import { makeStaff, staffOf } from '../support/people';

const hubs: OrderHub[] = [];

/** A server instance: its hub, and every event its subscribers were given. */
function instance(source: OrderSource, readSince: (since: Date) => Promise<OrderDocument[]>) {
  const hub = new OrderHub(source, { shape: shapeOrders, readSince, bufferSize: 50, idleMs: 0 });
  hubs.push(hub);
  const events: OrderEvent[] = [];
  hub.subscribe((event) => events.push(event));
  return { hub, events };
}

afterEach(() => {
  for (const hub of hubs.splice(0)) hub.stop();
  vi.restoreAllMocks();
});

const statuses = (events: OrderEvent[], id: string) => events.filter((e) => e.order._id === id).map((e) => e.order.status);

let clock = Date.now();
/** An order document as one instance writes it: each change a moment after the one before. */
function order(status: OrderStatus, _id = new ObjectId()): OrderDocument {
  const at = new Date((clock += 10));
  return { ...orderDoc({ email: 'feed@bistro.test', ownerUid: 'uid-feed', price: 9, transactionId: `tx-${_id.toHexString()}`, data: at, status }), _id };
}

describe('with change streams (Atlas: a replica set)', () => {
  const watching = (replicaSet: FakeReplicaSet) =>
    instance(
      changeStreamSource(replicaSet.collection(), () => {
        throw new Error('a replica set needs no fallback');
      }),
      (since) => replicaSet.readSince(since),
    );

  it('every instance delivers every paid order written by any of them, with the same event ids', async () => {
    const replicaSet = new FakeReplicaSet();
    const [a, b] = [watching(replicaSet), watching(replicaSet)];
    const id = new ObjectId();
    replicaSet.write(order('pending', id)); // the payment is recorded (on instance b)
    replicaSet.write(order('preparing', id)); // the kitchen starts (on instance a)
    const key = id.toHexString();
    await vi.waitFor(() => {
      expect(statuses(a.events, key)).toEqual(['pending', 'preparing']);
      expect(statuses(b.events, key)).toEqual(['pending', 'preparing']);
    });
    expect(a.events.map((e) => e.id)).toEqual(b.events.map((e) => e.id));
    // A client that reconnects to the other instance resumes exactly where it was.
    expect(b.hub.eventsAfter({ id: a.events[0]!.id, at: 0 })?.map((e) => e.order.status)).toEqual(['preparing']);
    // The stream asks the server for every order written, as it is after the change.
    expect(replicaSet.opened[0]).toEqual({ pipeline: ORDER_CHANGES, options: { fullDocument: 'updateLookup' } });
  });

  /** An instance that has delivered one paid order, with the failures to come kept out of the log. */
  async function afterOnePaidOrder(replicaSet: FakeReplicaSet) {
    const a = watching(replicaSet);
    const id = new ObjectId();
    replicaSet.write(order('pending', id));
    await vi.waitFor(() => expect(statuses(a.events, id.toHexString())).toEqual(['pending']));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return { a, id };
  }

  it('after an error the driver cannot resume from, reopens from the last resume token: nothing missed, nothing twice', async () => {
    const replicaSet = new FakeReplicaSet();
    const { a, id } = await afterOnePaidOrder(replicaSet);
    replicaSet.breakStreams();
    replicaSet.write(order('preparing', id)); // while the stream is down
    await vi.waitFor(() => expect(statuses(a.events, id.toHexString())).toEqual(['pending', 'preparing']), { timeout: 5000 });
    expect(replicaSet.opened[1]!.options.resumeAfter).toEqual({ _data: 'token-1' });
    replicaSet.write(order('ready', id));
    await vi.waitFor(() => expect(statuses(a.events, id.toHexString())).toEqual(['pending', 'preparing', 'ready']));
  });

  it('when the server no longer has that point in its history, reads what changed meanwhile and carries on from now', async () => {
    const replicaSet = new FakeReplicaSet();
    const { a, id } = await afterOnePaidOrder(replicaSet);
    replicaSet.breakStreams();
    replicaSet.write(order('preparing', id));
    replicaSet.forgetHistory();
    // The reopened stream cannot resume (286): the hub reads the orders changed since its last event.
    await vi.waitFor(() => expect(statuses(a.events, id.toHexString())).toEqual(['pending', 'preparing']), { timeout: 5000 });
    // Then the stream opens again from now, and changes flow as before.
    await vi.waitFor(() => expect(replicaSet.streams.size).toBe(1), { timeout: 5000 });
    replicaSet.write(order('ready', id));
    await vi.waitFor(() => expect(statuses(a.events, id.toHexString())).toEqual(['pending', 'preparing', 'ready']));
  });
});

describe('without change streams (a standalone MongoDB)', () => {
  it('falls back to polling by updatedAt, says so once in the log, and every instance delivers each change once', async () => {
    delete (globalThis as { __bistroChangeStreamsWarned?: boolean }).__bistroChangeStreamsWarned;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const standalone = new FakeReplicaSet(true);
    const earlier = await insertOrder({ status: 'preparing' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Both instances poll the one real database this test runs on.
    const polling = () => pollingSource((since) => ordersChangedSince(since), 50);
    const [a, b] = [instance(changeStreamSource(standalone.collection(), polling), ordersChangedSince), instance(changeStreamSource(standalone.collection(), polling), ordersChangedSince)];
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]![0]).toBe('[orders] This MongoDB has no change streams (a standalone server): order events come from polling every 50 ms instead.');

    const id = await insertOrder(); // paid, on one instance
    await changeOrderStatus(await staffOf(await makeStaff()), id, { status: 'preparing', from: 'pending' }); // moved on, on the other
    for (const { events } of [a, b]) {
      await vi.waitFor(() => expect(statuses(events, id)).toEqual(['pending', 'preparing']), { timeout: 3000 });
    }
    // A few more polls find nothing new to report, and what changed before the start is history.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { events } of [a, b]) {
      expect(statuses(events, id)).toEqual(['pending', 'preparing']);
      expect(statuses(events, earlier)).toEqual([]);
    }
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
