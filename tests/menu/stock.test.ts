/**
 * Counted portions through the route handlers, with the demo card: held when the payment is
 * confirmed, before the card is charged, and given back exactly once when the payment is
 * declined, expires, is cancelled or is refunded in full. A count a day is that day's; the
 * kitchen says what is left; an 86 until close is back at the next opening by the clock alone.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as postCart } from '@/app/api/carts/route';
import { POST as postMenu } from '@/app/api/menu/route';
import { PATCH as patchMenu } from '@/app/api/menu/[id]/route';
import { GET as getAvailability } from '@/app/api/menu/availability/route';
import { GET as getKitchen, POST as postKitchen } from '@/app/api/menu/kitchen/route';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { collections } from '@/lib/db';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { dishVerdict, type MenuAvailability } from '@/lib/menu/availability';
import { changeKitchenMenu, readMenuState } from '@/lib/menu/live';
import { takeStock } from '@/lib/menu/stock';
import type { KitchenMenuState } from '@/lib/menu/types';
import { addDays } from '@/lib/reservations/calendar';
import { zonedClock, zonedInstant } from '@/lib/settings/schedule';
import { DECLINED_CARD, addLines, checkout, historyOf, payDemo, payFor } from '../payments/support';
import { restaurantClock } from '../support/clock';
import { call, params } from '../support/http';
import { makeAdmin, makeDiner, makeStaff, staffOf, type Person } from '../support/people';
import { changeSettings, everyDay } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let admin: Person;
let staff: Person;
let diner: Person;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  admin = await makeAdmin({ name: 'Ada Admin' });
  staff = await makeStaff({ name: 'Sam Staff' });
});
beforeEach(async () => {
  diner = await makeDiner();
});

let serial = 0;
/** A dish added by an admin through the menu API, with what `extra` says (a count, a schedule, options). */
async function addDish(extra: Record<string, unknown>): Promise<string> {
  const res = await call<{ insertedId: string }>(postMenu, '/api/menu', {
    as: admin,
    json: { name: `Daily special ${++serial}`, category: 'soup', price: 12, image: '/images/menu/soup.svg', ...extra },
  });
  expect(res.status).toBe(201);
  return res.body.insertedId;
}

const availability = async (date?: string) => (await call<MenuAvailability>(getAvailability, `/api/menu/availability${date ? `?date=${date}` : ''}`)).body;
/** What is left of the dish today, as the public endpoint says (read past its one-second cache). */
async function leftOf(menuId: string, date?: string): Promise<number | undefined> {
  return (await readMenuState({ date, menuIds: [menuId] })).availability.dishes[menuId]?.left;
}
const kitchen = (as: Person, json: unknown) => call<KitchenMenuState & { error?: string }>(postKitchen, '/api/menu/kitchen', { as, json });
const patch = (as: Person, id: string, json: unknown) => call<{ error?: string }>(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as, json }, params({ id }));
const refund = (as: Person, id: string, json: unknown) => call<{ error?: string }>(postRefund, `/api/orders/${id}/refunds`, { as, json }, params({ id }));

describe('a count until changed ("12 left")', () => {
  it('is held by a paid order and shown to everyone; a diner wanting more than is left is refused at Pay, naming how many', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 3 } });
    expect((await availability()).dishes[dish]).toEqual({ category: 'soup', left: 3 });
    await payFor(diner, [dish, dish]);
    expect(await leftOf(dish)).toBe(1);
    const greedy = await makeDiner();
    await addLines(greedy, [dish, dish]);
    const refused = await checkout(greedy);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Only 1 of Daily special \d+ is left\. Please order no more than that\.$/);
    expect(await leftOf(dish)).toBe(1);
  });

  it('a declined card gives the portions back, once; a good card then holds them', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 3 } });
    await addLines(diner, [dish]);
    const intent = (await checkout(diner)).body;
    expect(await payDemo(diner, intent.transactionId, DECLINED_CARD)).toEqual({ status: 402, body: { error: 'Your card was declined.' } });
    expect(await leftOf(dish)).toBe(3);
    expect((await payDemo(diner, intent.transactionId, DECLINED_CARD)).status).toBe(402);
    expect(await leftOf(dish)).toBe(3);
    expect((await payDemo(diner, intent.transactionId)).status).toBe(200);
    expect(await leftOf(dish)).toBe(2);
    // A repeated confirmation of the paid intent holds nothing more.
    expect((await payDemo(diner, intent.transactionId)).status).toBe(200);
    expect(await leftOf(dish)).toBe(2);
  });

  it('a payment that held its portions and was never completed gives them back when it expires, once', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 3 } });
    await addLines(diner, [dish]);
    const intent = (await checkout(diner)).body;
    const { checkout_intents } = await collections();
    const record = (await checkout_intents.findOne({ transactionId: intent.transactionId }))!;
    // The confirmation held them, then its server stopped before the card was charged.
    await takeStock(intent.transactionId, record.lines, new Date());
    expect(await leftOf(dish)).toBe(2);
    await checkout_intents.updateOne({ _id: record._id }, { $set: { createdAt: new Date(Date.now() - 61 * 60_000), reconcileAt: new Date(Date.now() - 60_000) } });
    // The reconciler expires it in the background, and gives its portions back; running again gives nothing more.
    await reconcilePayments(new Date());
    expect(await leftOf(dish)).toBe(3);
    await reconcilePayments(new Date());
    expect(await leftOf(dish)).toBe(3);
    expect(await payDemo(diner, intent.transactionId)).toMatchObject({ status: 409 });
    expect(await leftOf(dish)).toBe(3);
  });

  it('a cancelled order gives its portions back once, though its cancellation also refunds it in full', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 3 } });
    const { result } = await payFor(diner, [dish, dish]);
    expect(await leftOf(dish)).toBe(1);
    const order = result.paymentResult.insertedId;
    expect((await patch(staff, order, { status: 'cancelled' })).status).toBe(200);
    expect(await leftOf(dish)).toBe(3);
    expect((await patch(staff, order, { status: 'cancelled' })).status).toBe(409);
    expect(await leftOf(dish)).toBe(3);
  });

  it('a refund gives the portions back only once the order is refunded in full, and only once', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 3 } });
    const { result } = await payFor(diner, [dish, dish]);
    const order = result.paymentResult.insertedId;
    expect((await refund(admin, order, { lines: [{ index: 0, quantity: 1 }], reason: 'Cold' })).status).toBe(201);
    expect(await leftOf(dish)).toBe(1);
    expect((await refund(admin, order, { lines: [{ index: 0, quantity: 1 }], reason: 'Cold too' })).status).toBe(201);
    expect(await leftOf(dish)).toBe(3);
    expect((await refund(admin, order, { amountCents: 1, reason: 'Again' })).status).toBe(409);
    expect(await leftOf(dish)).toBe(3);
  });

  it('staff say how many are left from the kitchen display: recorded by whom, counted from there', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 10 } });
    await payFor(diner, [dish]);
    const res = await kitchen(staff, { action: 'count', menuId: dish, left: 2 });
    expect(res.status).toBe(200);
    expect(res.body.entries.find((entry) => entry.key === dish)).toMatchObject({ stock: { per: 'total', count: 10, left: 2 } });
    expect((await (await collections()).stockCounts.findOne({ _id: dish }))?.setBy).toMatchObject({ name: 'Sam Staff' });
    await payFor(await makeDiner(), [dish, dish]);
    expect(await leftOf(dish)).toBe(0);
    expect((await availability()).dishes[dish]?.left).toBe(0);
  });

  it('an admin changing the count in the menu form sets what is left; saving the form again unchanged leaves it', async () => {
    const dish = await addDish({ stock: { per: 'total', count: 5 } });
    await payFor(diner, [dish]);
    expect(await leftOf(dish)).toBe(4);
    expect((await call(patchMenu, `/api/menu/${dish}`, { method: 'PATCH', as: admin, json: { price: 13, stock: { per: 'total', count: 5 } } }, params({ id: dish }))).status).toBe(200);
    expect(await leftOf(dish)).toBe(4);
    expect((await call(patchMenu, `/api/menu/${dish}`, { method: 'PATCH', as: admin, json: { stock: { per: 'total', count: 12 } } }, params({ id: dish }))).status).toBe(200);
    expect(await leftOf(dish)).toBe(12);
    expect((await call(patchMenu, `/api/menu/${dish}`, { method: 'PATCH', as: admin, json: { stock: null } }, params({ id: dish }))).status).toBe(200);
    expect(await leftOf(dish)).toBeUndefined();
  });
});

describe('a count a day ("24 portions a day")', () => {
  it('is counted on the day the order is for: tomorrow\'s pickup takes from tomorrow\'s count, not today\'s', async () => {
    const dish = await addDish({ stock: { per: 'day', count: 2 } });
    const today = restaurantClock(new Date()).today;
    const tomorrow = addDays(today, 1);
    await payFor(diner, [dish], { fulfilment: { kind: 'pickup', date: tomorrow, time: '12:00' } });
    expect([await leftOf(dish, today), await leftOf(dish, tomorrow)]).toEqual([2, 1]);
    await payFor(await makeDiner(), [dish, dish]);
    expect([await leftOf(dish, today), await leftOf(dish, tomorrow)]).toEqual([0, 1]);
    // A new number a day counts what payments already hold of each day.
    expect((await call(patchMenu, `/api/menu/${dish}`, { method: 'PATCH', as: admin, json: { stock: { per: 'day', count: 5 } } }, params({ id: dish }))).status).toBe(200);
    expect([await leftOf(dish, today), await leftOf(dish, tomorrow), await leftOf(dish, addDays(today, 2))]).toEqual([3, 4, 5]);
  });
});

describe('an option with a count on a dish without one', () => {
  it('sells out on its own: the dish is still sold with its other choices', async () => {
    const dish = await addDish({
      options: [{ name: 'Topping', min: 0, max: 1, choices: [{ name: 'Truffle', price: 4, stock: { per: 'total', count: 1 } }, { name: 'Chives', price: 0 }] }],
    });
    const pay = async (choice: string) => {
      const person = await makeDiner();
      await call(postCart, '/api/carts', { as: person, json: { menuId: dish, options: [{ group: 'Topping', choices: [choice] }] } });
      return checkout(person).then(async (intent) => (intent.status === 200 ? payDemo(person, intent.body.transactionId) : intent));
    };
    expect((await pay('Truffle')).status).toBe(200);
    const second = await pay('Truffle');
    expect(second).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^Truffle \(Topping, Daily special \d+\) is sold out\. Please choose again\.$/) } });
    expect((await pay('Chives')).status).toBe(200);
    expect((await availability()).dishes[dish]).toEqual({ category: 'soup', options: [{ group: 'Topping', choice: 'Truffle', left: 0 }] });
  });
});

describe('86 from the kitchen', () => {
  it("refuses a diner's payment with the reason, records who did it and when, and turns back on", async () => {
    const dish = await addDish({});
    await addLines(diner, [dish]);
    const res = await kitchen(staff, { action: 'off', menuId: dish, for: 'manual' });
    expect(res.status).toBe(200);
    expect(res.body.entries.find((entry) => entry.key === dish)?.off).toMatchObject({ until: null, for: 'manual', by: 'Sam Staff' });
    expect((await (await collections()).menuStatus.findOne({ _id: dish }))?.changedBy).toMatchObject({ uid: staff.uid, name: 'Sam Staff' });
    const refused = await checkout(diner);
    expect(refused).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^Daily special \d+ is sold out\. Please remove it\.$/) } });
    expect((await kitchen(staff, { action: 'on', menuId: dish })).status).toBe(200);
    expect((await checkout(diner)).status).toBe(200);
  });

  it('an 86 made between Pay and the card voids the payment before any charge, and gives the slot back', async () => {
    const dish = await addDish({});
    await addLines(diner, [dish]);
    const intent = (await checkout(diner)).body;
    await kitchen(staff, { action: 'off', menuId: dish, for: 'hours', hours: 2 });
    const refused = await payDemo(diner, intent.transactionId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/is sold out until .*Your card was not charged\.$/);
    expect(await historyOf(diner)).toEqual([]);
  });

  it('an 86 until close is back at the next opening, with nothing run: judged by the clock', async () => {
    await changeSettings((s) => {
      s.schedule.hours = everyDay(['11:00', '22:00']);
    });
    try {
      const dish = await addDish({});
      const { timeZone } = (await readMenuState()).availability;
      const today = zonedClock(new Date(), timeZone).today;
      const at = (date: string, minutes: number) => zonedInstant(date, minutes, timeZone)!;
      const evening = at(today, 20 * 60);
      await changeKitchenMenu(await staffOf(staff), { action: 'off', menuId: dish, for: 'close' }, evening);
      const judged = async (when: Date) => dishVerdict((await readMenuState({ now: when, menuIds: [dish] })).availability, dish, when);
      const opening = at(addDays(today, 1), 11 * 60);
      expect(await judged(evening)).toEqual({ ok: false, why: 'off', until: opening.toISOString() });
      expect(await judged(new Date(opening.getTime() - 60_000))).toMatchObject({ ok: false, why: 'off' });
      expect(await judged(opening)).toEqual({ ok: true });
      // Ordered tonight for tomorrow's lunch, it can be had.
      const whileOff = (await readMenuState({ now: evening, menuIds: [dish] })).availability;
      expect(dishVerdict(whileOff, dish, at(addDays(today, 1), 12 * 60))).toEqual({ ok: true });
    } finally {
      await changeSettings((s) => {
        s.schedule.hours = everyDay(['00:00', '00:00']);
      });
    }
  });
});

describe('who may use the kitchen\'s menu controls', () => {
  it('answers each role: visitors are asked to log in, diners refused, staff and admins served', async () => {
    const dish = await addDish({});
    const action = { action: 'off', menuId: dish, for: 'manual' };
    expect(await call(getKitchen, '/api/menu/kitchen')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await call(postKitchen, '/api/menu/kitchen', { json: action })).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await call(getKitchen, '/api/menu/kitchen', { as: diner })).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    expect(await kitchen(diner, action)).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    expect((await (await collections()).menuStatus.findOne({ _id: dish }))).toBeNull();
    for (const person of [staff, admin]) {
      expect((await call<KitchenMenuState>(getKitchen, '/api/menu/kitchen', { as: person })).body.entries.some((entry) => entry.key === dish)).toBe(true);
      expect((await kitchen(person, action)).status).toBe(200);
    }
    // Anybody reads what the menu pages show.
    expect((await call(getAvailability, '/api/menu/availability')).status).toBe(200);
  });
});
