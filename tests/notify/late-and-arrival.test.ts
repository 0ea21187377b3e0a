/**
 * Running late, by the clock (a `now` moved forward, no sleeping) and by a cook's tap, told once;
 * "I'm here" reaching a kitchen display's order stream live; each role on the new routes; and the
 * bad input of the issue: a number that is not one, consent missing, texts off, "I'm here" on
 * someone else's or a collected order, the account's texts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ObjectId } from 'mongodb';
import { POST as arrivedRoute } from '@/app/api/orders/[id]/arrived/route';
import { POST as lateRoute } from '@/app/api/orders/[id]/late/route';
import { GET as getTexts, PUT as putTexts } from '@/app/api/account/texts/route';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { collections } from '@/lib/db';
import { tellLateOrders, tellRunningLate } from '@/lib/orders/late';
import { changeOrderStatus } from '@/lib/orders/orders';
import type { Order } from '@/lib/orders/types';
import { EventStreamReader } from '../support/event-stream';
import { call, params, request } from '../support/http';
import { seedItem } from '../support/menu';
import { insertOrder, orderDoc } from '../support/orders';
import { makeAdmin, makeDiner, makeGuest, makeStaff, staffOf, type Person } from '../support/people';
import { changeSettings } from '../support/settings';
import { restaurantClock } from '../support/clock';
import { addLines, checkout } from '../payments/support';
import { startFakeTwilio, twilioEnv, type FakeTwilio } from './fake-twilio';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

process.env.RATE_LIMIT_SCALE = '100000';

let twilio: FakeTwilio;
let staff: Person;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, twilioEnv(twilio));
  staff = await makeStaff();
});

afterAll(async () => {
  for (const key of Object.keys(twilioEnv(twilio))) delete process.env[key];
  await twilio.close();
});

/** A pickup order of `diner`'s, due at `due` on the restaurant's clock, written as the payment writes it. */
async function pickupOrder(diner: Person, due: Date, status: Order['status'] = 'pending'): Promise<string> {
  const { today, minutes } = restaurantClock(due);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return insertOrder(orderDoc({ ownerUid: diner.uid, email: diner.email, status, data: new Date(due.getTime() - 30 * 60_000), fulfilment: { kind: 'pickup', date: today, time, asap: false } }));
}

const lateNotices = async (id: string) => (await collections()).outbox.countDocuments({ key: `order-late:${id}` });

describe('running late', () => {
  it('by the clock: past its pickup time by the minutes in Settings the diner is told once, with the new time; not a minute before', async () => {
    await changeSettings((s) => {
      s.notices.lateAfterMinutes = 10;
      s.notices.lateExtraMinutes = 15;
    });
    const diner = await makeDiner();
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000);
    const id = await pickupOrder(diner, due);
    expect(await tellLateOrders(new Date(due.getTime() + 9 * 60_000))).toBe(0);
    expect(await lateNotices(id)).toBe(0);

    const at = new Date(due.getTime() + 10 * 60_000);
    expect(await tellLateOrders(at)).toBeGreaterThanOrEqual(1);
    const order = await (await collections()).payments.findOne({ _id: new ObjectId(id) });
    expect(order!.late).toEqual({ at, readyBy: new Date(at.getTime() + 15 * 60_000) });
    expect(order!.updatedAt).toEqual(at);
    expect(await lateNotices(id)).toBe(1);

    // The clock again, and a cook's tap after it: still told once.
    await tellLateOrders(new Date(at.getTime() + 60 * 60_000));
    await expect(tellRunningLate(await staffOf(staff), id)).rejects.toThrow('The diner was already told this order runs late.');
    expect(await lateNotices(id)).toBe(1);
  });

  it('a table order is late by its payment plus the preparation time; a ready order never runs late, nor one forgotten since yesterday; 0 minutes turns the clock off', async () => {
    const diner = await makeDiner();
    const paid = new Date(Date.now() - 60 * 60_000);
    const table = await insertOrder(orderDoc({ ownerUid: diner.uid, email: diner.email, data: paid, fulfilment: { kind: 'table', table: 3 } }));
    const ready = await insertOrder(orderDoc({ ownerUid: diner.uid, email: diner.email, data: paid, status: 'ready', fulfilment: { kind: 'table', table: 4 } }));
    const forgotten = await insertOrder(orderDoc({ ownerUid: diner.uid, email: diner.email, data: new Date(Date.now() - 26 * 3600_000), fulfilment: { kind: 'table', table: 5 } }));
    await changeSettings((s) => {
      s.notices.lateAfterMinutes = 0;
    });
    expect(await tellLateOrders(new Date())).toBe(0);
    await changeSettings((s) => {
      s.notices.lateAfterMinutes = 10;
    });
    await tellLateOrders(new Date());
    expect(await lateNotices(table)).toBe(1);
    expect(await lateNotices(ready)).toBe(0);
    expect(await lateNotices(forgotten)).toBe(0);
  });

  it('by hand: staff tell the diner with one tap (the ticket then says who and when); a diner may not, nor anybody signed out', async () => {
    const diner = await makeDiner();
    const id = await pickupOrder(diner, new Date(Date.now() + 30 * 60_000));
    const path = `/api/orders/${id}/late`;
    expect((await call(lateRoute, path, { method: 'POST' }, params({ id }))).status).toBe(401);
    expect(await call(lateRoute, path, { method: 'POST', as: diner }, params({ id }))).toEqual({ status: 403, body: { error: 'Only restaurant staff may do this.' } });
    const told = await call<Order>(lateRoute, path, { method: 'POST', as: staff }, params({ id }));
    expect(told.status).toBe(200);
    expect(told.body.late).toMatchObject({ by: staff.name, readyBy: expect.any(String) });
    expect(await lateNotices(id)).toBe(1);
    const admin = await makeAdmin();
    expect(await call(lateRoute, path, { method: 'POST', as: admin }, params({ id }))).toEqual({ status: 409, body: { error: 'The diner was already told this order runs late.' } });
    const done = await pickupOrder(diner, new Date(), 'completed');
    expect(await call(lateRoute, `/api/orders/${done}/late`, { method: 'POST', as: admin }, params({ id: done }))).toEqual({ status: 409, body: { error: 'This order is completed: it can no longer run late.' } });
  });
});

describe("I'm here", () => {
  it('reaches a kitchen display\'s order stream at once, with where the diner waits', async () => {
    const diner = await makeDiner();
    const id = await pickupOrder(diner, new Date(Date.now() + 10 * 60_000));
    const kitchen = new EventStreamReader(await streamRoute(request('GET', '/api/orders/stream?kitchen=1', { headers: staff.headers }), undefined));
    expect((await kitchen.nextEvent()).event).toBe('hello');
    const started = Date.now();
    const answer = await call<Order>(arrivedRoute, `/api/orders/${id}/arrived`, { as: diner, json: { note: '  Spot 4, blue Golf ' } }, params({ id }));
    expect(answer.status).toBe(200);
    const event = await kitchen.next((m) => m.event === 'order' && (JSON.parse(m.data!) as Order)._id === id, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((JSON.parse(event!.data!) as Order).arrived).toEqual({ at: answer.body.arrived!.at, note: 'Spot 4, blue Golf' });
    await kitchen.close();
  });

  it('refuses another diner\'s order (403), nobody signed in (401), a collected, cancelled or table order (400), and a note of more than a line', async () => {
    const diner = await makeDiner();
    const id = await pickupOrder(diner, new Date());
    const path = `/api/orders/${id}/arrived`;
    const as = (who: Person | undefined, json: unknown = {}, order = id) => call(arrivedRoute, `/api/orders/${order}/arrived`, { ...(who ? { as: who } : {}), json }, params({ id: order }));
    expect((await as(undefined)).status).toBe(401);
    expect(await as(await makeDiner())).toEqual({ status: 403, body: { error: 'This is not your order.' } });
    expect(await as(await makeGuest())).toEqual({ status: 403, body: { error: 'This is not your order.' } });
    expect(await as(await makeStaff())).toEqual({ status: 403, body: { error: 'This is not your order.' } });
    expect((await as(diner, { note: 'x'.repeat(81) })).status).toBe(400);
    expect((await as(diner, { note: 'line\nBcc: x' })).body).toEqual({ error: 'note: note must be one line of text' });
    expect(path).toContain(id);

    const cook = await staffOf(staff);
    await changeOrderStatus(cook, id, { status: 'preparing' });
    await changeOrderStatus(cook, id, { status: 'ready' });
    await changeOrderStatus(cook, id, { status: 'completed' });
    expect(await as(diner)).toEqual({ status: 400, body: { error: 'This order was already collected.' } });
    const table = await insertOrder(orderDoc({ ownerUid: diner.uid, email: diner.email, fulfilment: { kind: 'table', table: 2 } }));
    expect(await as(diner, {}, table)).toEqual({ status: 400, body: { error: 'Only a pickup order is collected: at a table, the food comes to you.' } });
    expect((await (await collections()).payments.findOne({ _id: new ObjectId(id) }))!.arrived).toBeUndefined();
  });
});

describe('bad input at checkout and on the account', () => {
  const open = async (who: Person, texts: unknown) => {
    await addLines(who, [await seedItem({ name: 'Bad Input Soup', price: 8 })]);
    return checkout(who, 0.01, { texts });
  };

  it('a number that is not one, the consent box not ticked, or texts while they are off: 400 with a message, and no checkout opened', async () => {
    const diner = await makeDiner();
    expect((await open(diner, { phone: '12', consent: true })).body).toEqual({ error: 'texts.phone: Enter a mobile number, with its country code if it is abroad (such as +44 7911 123456).' });
    expect((await open(diner, { phone: '+14155550123' })).body).toEqual({ error: 'texts.consent: Tick the box to agree to texts, or leave the number out.' });
    expect((await open(diner, { phone: '+14155550123', consent: 'yes' })).status).toBe(400);
    const provider = process.env.SMS_PROVIDER;
    delete process.env.SMS_PROVIDER;
    try {
      expect(await open(diner, { phone: '+14155550123', consent: true })).toMatchObject({ status: 400, body: { error: 'This restaurant does not send texts: leave the number out.' } });
    } finally {
      process.env.SMS_PROVIDER = provider;
    }
    expect(await (await collections()).checkout_intents.countDocuments({ ownerUid: diner.uid })).toBe(0);
  });

  it('the account\'s texts: a diner reads and changes theirs; a guest may not; texts without a number is refused', async () => {
    const diner = await makeDiner();
    expect((await call(getTexts, '/api/account/texts')).status).toBe(401);
    expect((await call(getTexts, '/api/account/texts', { as: await makeGuest() })).status).toBe(403);
    expect(await call(getTexts, '/api/account/texts', { as: diner })).toEqual({ status: 200, body: { phone: null, texts: false, stopped: false } });
    expect(await call(putTexts, '/api/account/texts', { method: 'PUT', as: diner, json: { phone: null, texts: true } })).toEqual({ status: 400, body: { error: 'phone: Enter the number to text.' } });
    expect(await call(putTexts, '/api/account/texts', { method: 'PUT', as: diner, json: { phone: '415 555 0123', texts: true } })).toEqual({ status: 200, body: { phone: '+14155550123', texts: true, stopped: false } });
    const saved = (await (await collections()).users.findOne({ uid: diner.uid }))!.textPreferences!;
    expect(saved.consent).toMatchObject({ wording: expect.stringContaining('Transactional texts only, never marketing'), at: expect.any(Date), address: expect.any(String) });
    expect(await call(putTexts, '/api/account/texts', { method: 'PUT', as: diner, json: { phone: '415 555 0123', texts: false } })).toEqual({ status: 200, body: { phone: '+14155550123', texts: false, stopped: false } });
  });
});
