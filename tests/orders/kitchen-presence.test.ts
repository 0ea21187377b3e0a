/**
 * Kitchen presence, what safe failure and the restaurant's mail read: the kitchen display's order
 * stream stamps the time in the database when it opens and at each heartbeat, at most once a
 * heartbeat however many displays this server holds; any instance reads the stamp, trusting a
 * read for 5 seconds. A diner's stream is no kitchen, even when it says it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { readStamp, setStamp } from '@/lib/db/stamps';
import { kitchenSeenWithin, markKitchenSeen } from '@/lib/orders/kitchen-presence';
import { EventStreamReader } from '../support/event-stream';
import { request } from '../support/http';
import { makeDiner, makeStaff } from '../support/people';

const HEARTBEAT_MS = 15_000;
const KITCHEN = 'kitchen-seen';
const stamp = async () => (await readStamp(KITCHEN)).getTime();
/** A clock `ms` from the real one; only Date is faked, so the stream's timers still run. */
const clockAt = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

afterEach(() => vi.useRealTimers());

describe('kitchen presence', () => {
  it("is stamped when the kitchen display's stream opens, and not by anybody else's", async () => {
    const diner = await makeDiner();
    const before = await stamp();
    const history = await streamRoute(request('GET', '/api/orders/stream?kitchen=1', { headers: diner.headers }), undefined);
    const reading = new EventStreamReader(history);
    await reading.nextEvent();
    expect(await stamp()).toBe(before);
    await reading.close();

    const cook = await makeStaff();
    const opened = Date.now();
    const kitchen = new EventStreamReader(await streamRoute(request('GET', '/api/orders/stream?kitchen=1', { headers: cook.headers }), undefined));
    await kitchen.nextEvent();
    await vi.waitFor(async () => expect(await stamp()).toBeGreaterThanOrEqual(opened));
    expect(await kitchenSeenWithin(60_000)).toBe(true);
    await kitchen.close();
  });

  it('is written at most once a heartbeat, however often it is marked', async () => {
    const start = Date.now() + 10 * 60_000;
    clockAt(start);
    await markKitchenSeen();
    expect(await stamp()).toBe(start);
    clockAt(start + 5_000);
    await markKitchenSeen();
    clockAt(start + 10_000);
    await markKitchenSeen();
    expect(await stamp()).toBe(start);
    clockAt(start + HEARTBEAT_MS);
    await markKitchenSeen();
    expect(await stamp()).toBe(start + HEARTBEAT_MS);
  });

  it("says no once the last stamp is older than asked; another instance's stamp is read within 5 seconds", async () => {
    const start = Date.now() + 60 * 60_000;
    clockAt(start);
    expect(await kitchenSeenWithin(60_000)).toBe(false);
    // Another instance serves the kitchen display now.
    await setStamp(KITCHEN, new Date(start));
    clockAt(start + 5_001);
    expect(await kitchenSeenWithin(60_000)).toBe(true);
    clockAt(start + 61_000 + 5_001);
    expect(await kitchenSeenWithin(60_000)).toBe(false);
  });
});
