/**
 * The server enforces the settings: an intent or a payment for "as soon as possible", a pickup
 * slot or a table outside the hours, in a closure, while ordering is off or paused, or with no
 * kitchen display connected (safe failure), is a 409 that says when ordering opens, and nothing
 * is charged. Tables need their QR code's token and count against the kitchen like ASAP; an
 * order counts its dishes' kitchen load; a paid order keeps its slot when the hours change.
 *
 * Through the handlers where the real clock will do (a closure today closes today, whatever the
 * hour); through the data layer on a fixed clock where the hour matters (viewers are resolved
 * before the clock moves: their session tokens are checked against the real one).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import * as epsonRoute from '@/app/api/print/epson/[token]/route';
import * as starRoute from '@/app/api/print/star/[token]/route';
import { POST as addPrinter } from '@/app/api/printers/route';
import { addToCart } from '@/lib/cart/cart';
import { collections } from '@/lib/db';
import { NOT_SCANNED, pickupOptions, slotFull, tooBig } from '@/lib/fulfilment/pickup';
import { startCheckout } from '@/lib/payments/open';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { addDays, formatDay } from '@/lib/reservations/calendar';
import type { PrinterConnection } from '@/lib/printing/types';
import { stoppedExplanation } from '@/lib/settings/ordering';
import type { RestaurantSettings } from '@/lib/settings/types';
import { rotateTableKey } from '@/lib/tables/tokens';
import { EventStreamReader } from '../support/event-stream';
import { call, params, request } from '../support/http';
import { pricedMenuItems, seedItem } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, makeStaff, viewerOf, type Person } from '../support/people';
import { restaurantClock } from '../support/clock';
import { handlerSend, StarPrinter } from '../support/printers';
import { atTable, changeSettings, everyDay, kitchenDoes } from '../support/settings';
import { GOOD_CARD, addLines, checkout, historyOf, payDemo, payFor } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
let diner: Person;
const today = () => restaurantClock(new Date()).today;
const tomorrow = () => addDays(today(), 1);
const pickupAt = (date: string, time: string) => ({ fulfilment: { kind: 'pickup', date, time } });
const ordersIn = async (slot: string) => (await (await collections()).pickupSlots.findOne({ _id: slot }))?.orders ?? 0;
/** The restaurant as the test file starts it: open all day, every day, taking orders, room to spare. */
const reset = () =>
  changeSettings((s: RestaurantSettings) => {
    s.schedule.hours = everyDay(['00:00', '00:00']);
    s.schedule.closures = [];
    s.ordering = { enabled: true, pauseWithoutKitchenMinutes: 0, guests: true };
    s.pickup.capacity = 1000;
  });

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup } = await pricedMenuItems());
});
beforeEach(async () => {
  diner = await makeDiner();
  await addLines(diner, [soup]);
});
afterEach(async () => {
  vi.useRealTimers();
  await kitchenDoes({ action: 'resume' });
  await kitchenDoes({ action: 'calm' });
  await reset();
});

describe('an admin closes today', () => {
  const closeToday = () =>
    changeSettings((s) => {
      s.schedule.closures = [{ from: today(), to: today(), note: 'Closed for a private party' }];
    });
  const reopens = 'We open tomorrow at 00:00';

  it('refuses every order for today, saying when ordering opens, and takes one for tomorrow', async () => {
    await closeToday();
    const noIntent = async (body: Record<string, unknown>) => {
      const { payments } = await collections();
      const before = await payments.countDocuments({});
      const answer = await checkout(diner, 0.01, body);
      expect(await payments.countDocuments({})).toBe(before);
      return answer;
    };
    expect(await noIntent({ fulfilment: { kind: 'asap' } })).toEqual({ status: 409, body: { error: `We are closed right now, so "as soon as possible" is not on offer. ${reopens}: please choose a pickup time.` } });
    expect(await noIntent({})).toEqual({ status: 409, body: { error: `We are closed right now, so we cannot take an order at your table. ${reopens}.` } });
    expect(await noIntent(pickupAt(today(), '23:45'))).toEqual({
      status: 409,
      body: { error: `We are closed on ${formatDay(today())} (Closed for a private party). We open again tomorrow at 00:00. Please choose another day.` },
    });
    expect((await checkout(diner, 0.01, pickupAt(tomorrow(), '12:00'))).status).toBe(200);
  });

  it('refuses to charge an order opened before its day was closed, and records nothing', async () => {
    // Tomorrow's 23:45, which no hour of today makes too soon.
    const intent = (await checkout(diner, 0.01, pickupAt(tomorrow(), '23:45'))).body;
    expect(intent.transactionId).toBeDefined();
    await changeSettings((s) => {
      s.schedule.closures = [{ from: tomorrow(), to: tomorrow(), note: 'Closed for a private party' }];
    });
    const refused = await payDemo(diner, intent.transactionId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^We are closed on .*\(Closed for a private party\)/);
    expect(await historyOf(diner)).toEqual([]);
  });
});

describe('online ordering off, or paused from the kitchen', () => {
  it('turned off, takes nothing, and says whom to call', async () => {
    await changeSettings((s) => {
      s.ordering.enabled = false;
    });
    expect(await checkout(diner, 0.01, pickupAt(tomorrow(), '12:00'))).toEqual({ status: 409, body: { error: 'We are not taking orders online right now. Please call us on +1 (555) 010-2024.' } });
    expect(await stoppedExplanation(await adminOf(await makeAdmin()))).toBe('Online ordering is turned off in Settings: diners can see the menu, but paying is refused.');
  });

  it('paused, refuses new orders and the payment of one opened before, uncharged; resumed, Pay goes through', async () => {
    const waiting = (await checkout(diner, 0.01, pickupAt(tomorrow(), '12:00'))).body;
    const other = await makeDiner();
    await addLines(other, [soup]);
    await kitchenDoes({ action: 'pause', minutes: null });
    const paused = 'Online ordering is paused. Please try again later, or call us on +1 (555) 010-2024.';
    expect(await checkout(other, 0.01, pickupAt(tomorrow(), '12:00'))).toEqual({ status: 409, body: { error: paused } });
    expect(await payDemo(diner, waiting.transactionId)).toEqual({ status: 409, body: { error: `${paused} Your card was not charged.` } });
    expect(await historyOf(diner)).toEqual([]);
    await kitchenDoes({ action: 'resume' });
    const again = (await checkout(diner, 0.01, pickupAt(tomorrow(), '12:00'))).body;
    expect(again.transactionId).not.toBe(waiting.transactionId);
    expect((await payDemo(diner, again.transactionId)).status).toBe(200);
    expect((await checkout(other, 0.01, pickupAt(tomorrow(), '12:00'))).status).toBe(200);
  });

  it('paused for 15 minutes, says until when, and takes orders again by itself', async () => {
    const dana = await viewerOf(diner);
    const start = new Date();
    await kitchenDoes({ action: 'pause', minutes: 15 }, start);
    await expect(startCheckout(dana, { fulfilment: await atTable() })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Online ordering is paused, back (tomorrow )?at \d\d:\d\d\. Please try again then\.$/) });
    vi.useFakeTimers({ toFake: ['Date'], now: start.getTime() + 15 * 60_000 + 1_000 });
    const intent = await startCheckout(dana, { fulfilment: await atTable() });
    await expect(confirmDemoPayment(dana, { transactionId: intent.transactionId, ...GOOD_CARD })).resolves.toMatchObject({ status: 'succeeded' });
  });
});

describe('safe failure: no kitchen display connected', () => {
  beforeEach(() =>
    changeSettings((s) => {
      s.ordering.pauseWithoutKitchenMinutes = 5;
    }),
  );

  it('pauses ordering during opening hours, tells the admin why, and a kitchen display connecting resumes it', async () => {
    const admin = await adminOf(await makeAdmin());
    const dana = await viewerOf(diner);
    const table = await atTable();
    // An hour on, any kitchen stamp this process knows is long past.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
    await expect(startCheckout(dana, { fulfilment: table })).rejects.toMatchObject({
      status: 409,
      message: 'Online ordering is paused: the kitchen is not connected right now. Please try again shortly, or call us on +1 (555) 010-2024.',
    });
    expect(await stoppedExplanation(admin)).toBe(
      'Online ordering has paused by itself: no kitchen display has been connected and no kitchen printer has polled for 5 minutes during opening hours. It resumes as soon as a display is opened (Kitchen, in the menu) or a printer comes back.',
    );
    vi.useRealTimers();
    // The kitchen display opens its stream: a kitchen is watching, and orders are taken.
    const cook = await makeStaff();
    const res = await streamRoute(request('GET', '/api/orders/stream?kitchen=1', { headers: cook.headers }), undefined);
    expect(res.status).toBe(200);
    const reader = new EventStreamReader(res);
    await reader.nextEvent();
    await expect(startCheckout(dana, { fulfilment: await atTable() })).resolves.toMatchObject({ fulfilment: { kind: 'table', table: 1 } });
    expect(await stoppedExplanation(admin)).toBeNull();
    await reader.close();
  });

  it('counts a kitchen printer that polls, able to print, like a display; one out of paper does not count', async () => {
    const admin = await makeAdmin();
    const made = await addPrinter(request('POST', '/api/printers', { headers: admin.headers, json: { name: 'Pass', protocol: 'star-cloudprnt', paperWidth: 80, copies: 1, stations: ['pass'] } }), undefined);
    const printer = new StarPrinter(((await made.json()) as PrinterConnection).url, handlerSend({ star: starRoute, epson: epsonRoute }));
    const dana = await viewerOf(diner);
    const owner = await adminOf(admin);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60_000 });
    printer.status = '410 Paper Out';
    await printer.poll();
    await expect(startCheckout(dana, { fulfilment: await atTable() })).rejects.toMatchObject({ status: 409 });
    vi.setSystemTime(Date.now() + 10_000);
    printer.status = '200 OK';
    await printer.poll();
    await expect(startCheckout(dana, { fulfilment: await atTable() })).resolves.toMatchObject({ fulfilment: { kind: 'table', table: 1 } });
    expect(await stoppedExplanation(owner)).toBeNull();
  });

  it('leaves orders alone outside opening hours: scheduled pickups are taken while nobody is in the kitchen', async () => {
    await changeSettings((s) => {
      // Through tomorrow: an hour on from late evening is already tomorrow.
      s.schedule.closures = [{ from: today(), to: addDays(today(), 1), note: '' }];
    });
    const dana = await viewerOf(diner);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
    await expect(startCheckout(dana, pickupAt(addDays(today(), 2), '12:00') as never)).resolves.toMatchObject({ fulfilment: { kind: 'pickup' } });
  });
});

describe('tables', () => {
  it('need the token of their QR code: none is 400, another table\'s or an old one 403, and nothing is opened', async () => {
    const { payments } = await collections();
    const before = await payments.countDocuments({});
    const seven = await atTable(7);
    expect((await checkout(diner, 0.01, { fulfilment: { kind: 'table', table: 7 } })).status).toBe(400);
    expect(await checkout(diner, 0.01, { fulfilment: { ...seven, table: 8 } })).toEqual({ status: 403, body: { error: NOT_SCANNED } });
    await rotateTableKey(await adminOf(await makeAdmin()));
    expect(await checkout(diner, 0.01, { fulfilment: seven })).toEqual({ status: 403, body: { error: NOT_SCANNED } });
    expect(await payments.countDocuments({})).toBe(before);
    // The reprinted code orders for the table.
    expect((await checkout(diner, 0.01, { fulfilment: await atTable(7) })).body).toMatchObject({ fulfilment: { kind: 'table', table: 7 } });
  });

  it("count against the kitchen like an order for as soon as possible: the earliest slot's load", async () => {
    const pizza = await seedItem({ name: 'Table Pizza', category: 'pizza', price: 12, kitchenLoad: 2 });
    const cook = await makeDiner();
    const { intent } = await payFor(cook, [pizza], { fulfilment: await atTable(3) });
    const { pickupSlots } = await collections();
    const held = await pickupSlots.findOne({ intents: intent.transactionId });
    expect(held?._id).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d$|^${tomorrow()} 00:`));
    expect(held?.loads?.[intent.transactionId]).toBe(2);
    expect((await historyOf(cook))[0]?.fulfilment).toEqual({ kind: 'table', table: 3 });
  });
});

describe("the kitchen's load", () => {
  let pizza: string;
  beforeAll(async () => {
    pizza = await seedItem({ name: 'Heavy Pizza', category: 'pizza', price: 15, kitchenLoad: 3 });
  });
  beforeEach(() =>
    changeSettings((s) => {
      s.pickup.capacity = 4;
    }),
  );

  it('fills a slot by the work of its orders, not their number', async () => {
    const slot = `${tomorrow()} 13:00`;
    await payFor(await makeDiner(), [pizza], pickupAt(tomorrow(), '13:00'));
    expect(await ordersIn(slot)).toBe(3);
    const second = await makeDiner();
    await addLines(second, [pizza]);
    expect(await checkout(second, 0.01, pickupAt(tomorrow(), '13:00'))).toEqual({ status: 409, body: { error: slotFull('13:00') } });
    // A dish of one unit still fits.
    await payFor(await makeDiner(), [soup], pickupAt(tomorrow(), '13:00'));
    expect(await ordersIn(slot)).toBe(4);
  });

  it('gives back what an order held when it is cancelled', async () => {
    const slot = `${tomorrow()} 13:30`;
    const { result } = await payFor(await makeDiner(), [pizza], pickupAt(tomorrow(), '13:30'));
    expect(await ordersIn(slot)).toBe(3);
    const admin = await makeAdmin();
    const id = result.order._id;
    expect((await call(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: admin, json: { status: 'cancelled' } }, params({ id }))).status).toBe(200);
    expect(await ordersIn(slot)).toBe(0);
  });

  it('refuses an order bigger than any slot, saying so', async () => {
    const big = await makeDiner();
    await addLines(big, [pizza, pizza]);
    expect(await checkout(big, 0.01, pickupAt(tomorrow(), '14:00'))).toEqual({ status: 409, body: { error: tooBig('+1 (555) 010-2024') } });
  });

  it('tells an order too big for any time left today so, and offers the next time with room', async () => {
    await changeSettings((s) => {
      s.schedule.hours = everyDay(['11:00', '22:00']);
    });
    const [first, second, late] = [await viewerOf(await makeDiner()), await viewerOf(await makeDiner()), await viewerOf(await makeDiner())];
    for (const viewer of [first, second]) await addToCart(viewer, { menuId: pizza });
    await addToCart(late, { menuId: soup, quantity: 2 });
    // Friday 10 May 2030 at 21:10: 21:30 and 21:45 are left today; a pizza (3 of 4 units) in each.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, 21, 10) });
    for (const [viewer, time] of [[first, '21:30'], [second, '21:45']] as const) {
      const intent = await startCheckout(viewer, { fulfilment: { kind: 'pickup', date: '2030-05-10', time } });
      await confirmDemoPayment(viewer, { transactionId: intent.transactionId, ...GOOD_CARD });
    }
    await expect(startCheckout(late, { fulfilment: { kind: 'asap' } })).rejects.toMatchObject({
      status: 409,
      message: 'Your order is too big for any pickup time left today. The next time with room for it is tomorrow at 11:00: please choose it.',
    });
    const { options } = await pickupOptions(new Date(), 2);
    expect(options).toMatchObject({ openNow: true, tooBigToday: true, firstDate: '2030-05-11' });
    expect((await pickupOptions(new Date(), 1)).options).toMatchObject({ firstDate: '2030-05-10' });
    expect((await pickupOptions(new Date(), 5)).options).toMatchObject({ tooBig: true });
  });
});

describe('the hours, on a fixed clock (Friday 10 May 2030)', () => {
  beforeEach(() =>
    changeSettings((s) => {
      s.schedule.hours = everyDay(['12:00', '14:30'], ['18:00', '22:00']);
    }),
  );

  it('refuse as soon as possible and a table between the windows, saying when they open, and a slot outside them', async () => {
    const dana = await viewerOf(diner);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, 16, 0) });
    const table = await atTable(2);
    await expect(startCheckout(dana, { fulfilment: { kind: 'asap' } })).rejects.toMatchObject({
      status: 409,
      message: 'We are closed right now, so "as soon as possible" is not on offer. We open today at 18:00: please choose a pickup time.',
    });
    await expect(startCheckout(dana, { fulfilment: table })).rejects.toMatchObject({ status: 409, message: 'We are closed right now, so we cannot take an order at your table. We open today at 18:00.' });
    await expect(startCheckout(dana, { fulfilment: { kind: 'pickup', date: '2030-05-11', time: '16:00' } })).rejects.toMatchObject({
      status: 409,
      message: 'We have no pickup at 16:00 on Saturday, 11 May 2030: pickup that day is from 12:00 to 14:15 and from 18:00 to 21:45. Please choose one of those times.',
    });
    await expect(startCheckout(dana, { fulfilment: { kind: 'pickup', date: '2030-05-10', time: '18:00' } })).resolves.toMatchObject({ fulfilment: { time: '18:00' } });
  });

  it('refuse to take the money for a table order once the restaurant has closed meanwhile', async () => {
    const dana = await viewerOf(diner);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, 14, 0) });
    const table = await atTable(2);
    const intent = await startCheckout(dana, { fulfilment: table });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, 14, 40) });
    await expect(confirmDemoPayment(dana, { transactionId: intent.transactionId, ...GOOD_CARD })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^We are closed right now/) });
  });

  it('leave a paid order its slot when they change afterwards', async () => {
    const dana = await viewerOf(diner);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, 9, 0) });
    const intent = await startCheckout(dana, { fulfilment: { kind: 'pickup', date: '2030-05-11', time: '13:00' } });
    await confirmDemoPayment(dana, { transactionId: intent.transactionId, ...GOOD_CARD });
    vi.useRealTimers();
    await changeSettings((s) => {
      s.schedule.hours = everyDay(['18:00', '22:00']);
    });
    const { payments } = await collections();
    expect((await payments.findOne({ transactionId: intent.transactionId }))?.fulfilment).toEqual({ kind: 'pickup', date: '2030-05-11', time: '13:00', asap: false });
    expect(await ordersIn('2030-05-11 13:00')).toBe(1);
  });
});
