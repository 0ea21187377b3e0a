/**
 * Pickup slots and the kitchen's capacity through the handlers, with the demo card: what GET
 * /api/pickup-slots answers, a full slot refused before any charge, and concurrent payments
 * never filling a slot past its capacity. The restaurant here opens 11:00 to 22:00 every day.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as slotsOf } from '@/app/api/pickup-slots/route';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { addToCart } from '@/lib/cart/cart';
import type { CartItem } from '@/lib/cart/types';
import { collections } from '@/lib/db';
import { pickupOptions, slotFull } from '@/lib/fulfilment/pickup';
import type { PickupSlot } from '@/lib/fulfilment/types';
import type { CheckoutIntent } from '@/lib/payments/types';
import { startCheckout } from '@/lib/payments/open';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { addDays } from '@/lib/reservations/calendar';
import { GET as getCart } from '@/app/api/carts/route';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeAdmin, makeDiner, viewerOf, type Person } from '../support/people';
import { DECLINED_CARD, GOOD_CARD, addLines, checkout, historyOf, payDemo, payFor, save } from '../payments/support';
import { atTable, changeSettings, everyDay } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/** Load units a pickup slot holds (each of these tests' dishes is one unit). */
const setCapacity = (capacity: number) =>
  changeSettings((s) => {
    s.pickup.capacity = capacity;
  });
import { restaurantClock } from '../support/clock';

let soup: string;
let salad: string;
const tomorrow = addDays(restaurantClock(new Date()).today, 1);
const at = (time: string, date = tomorrow) => ({ fulfilment: { kind: 'pickup', date, time } });

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup, salad } = await pricedMenuItems());
  await changeSettings((s) => {
    s.schedule.hours = everyDay(['11:00', '22:00']);
    s.pickup.capacity = 6;
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await setCapacity(6);
});

const slotsFor = (date: string) => call<PickupSlot[] & { error?: string }>(slotsOf, `/api/pickup-slots?date=${date}`);
const ordersIn = async (slot: string) => (await (await collections()).pickupSlots.findOne({ _id: slot }))?.orders ?? 0;
const cartOf = async (caller: Person) => (await call<CartItem[]>(getCart, `/api/carts?email=${caller.email}`, { as: caller })).body;

describe('GET /api/pickup-slots', () => {
  it("answers every slot of a later day, on the quarter hour from opening to 15 minutes before closing, each with room", async () => {
    const { status, body } = await slotsFor(tomorrow);
    expect(status).toBe(200);
    expect(body[0]).toEqual({ time: '11:00', available: true });
    expect(body.at(-1)).toEqual({ time: '21:45', available: true });
    expect(body).toHaveLength(44);
  });

  it('says a slot holding its capacity of paid orders has no room', async () => {
    await setCapacity(1);
    await payFor(await makeDiner(), [soup], at('11:30'));
    const slots = (await slotsFor(tomorrow)).body;
    expect(slots.find((s) => s.time === '11:30')).toEqual({ time: '11:30', available: false });
    expect(slots.find((s) => s.time === '11:45')).toEqual({ time: '11:45', available: true });
  });

  it.each([
    ['a past day', addDays(tomorrow, -2), 'date: That date has passed. Choose today or a later day.'],
    ['a day more than a week ahead', addDays(tomorrow, 7), 'date: Pickup can be scheduled up to 7 days ahead.'],
    ['a malformed date', '2030-13-01', 'date: Choose a pickup date (YYYY-MM-DD).'],
  ])('refuses %s with 400', async (_name, date, error) => {
    expect(await slotsFor(date)).toEqual({ status: 400, body: { error } });
  });
});

describe("the kitchen's capacity", () => {
  it('10 diners paying at once for a 6-order slot: exactly 6 are charged and recorded, 4 are told before any charge', async () => {
    const diners = await Promise.all(Array.from({ length: 10 }, () => makeDiner()));
    // Every intent is opened while the slot is empty; the race is for the payments.
    const intents: CheckoutIntent[] = [];
    for (const diner of diners) {
      await addLines(diner, [soup]);
      intents.push((await checkout(diner, 0, at('13:00'))).body);
    }
    const answers = await Promise.all(diners.map((diner, i) => payDemo(diner, intents[i]!.transactionId)));
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(paid).toHaveLength(6);
    expect(refused.map((a) => a.body)).toEqual(Array(4).fill({ error: `${slotFull('13:00')} Your card was not charged.` }));
    expect(refused.every((a) => a.status === 409)).toBe(true);
    expect(await ordersIn(`${tomorrow} 13:00`)).toBe(6);

    const histories = await Promise.all(diners.map((diner) => historyOf(diner)));
    expect(histories.filter((h) => h.length === 1)).toHaveLength(6);
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200) expect(histories[i]).toMatchObject([{ fulfilment: { kind: 'pickup', date: tomorrow, time: '13:00', asap: false } }]);
      // Nothing recorded, and the cart kept to choose another time.
      else expect([histories[i], (await cartOf(diners[i]!)).length]).toEqual([[], 1]);
    }
    expect((await slotsFor(tomorrow)).body.find((s) => s.time === '13:00')?.available).toBe(false);
  });

  it('a full slot is refused when the payment is opened, and at payment when it filled meanwhile; another time then goes through', async () => {
    await setCapacity(1);
    const [first, second, late] = [await makeDiner(), await makeDiner(), await makeDiner()];
    await addLines(second, [salad]);
    const waiting = (await checkout(second, 0, at('14:00'))).body;
    await payFor(first, [soup], at('14:00'));

    const { checkout_intents } = await collections();
    const intentsBefore = await checkout_intents.countDocuments({});
    await addLines(late, [soup]);
    expect(await checkout(late, 0, at('14:00'))).toEqual({ status: 409, body: { error: slotFull('14:00') } });
    expect(await checkout_intents.countDocuments({})).toBe(intentsBefore);

    const refused = { status: 409, body: { error: `${slotFull('14:00')} Your card was not charged.` } };
    expect(await payDemo(second, waiting.transactionId)).toEqual(refused);
    // Voided: saving it again says why, and charges nothing.
    expect(await save(second, waiting)).toEqual(refused);
    expect(await historyOf(second)).toEqual([]);

    const other = (await checkout(second, 0, at('14:15'))).body;
    expect((await payDemo(second, other.transactionId)).status).toBe(200);
    expect(await historyOf(second)).toMatchObject([{ fulfilment: { time: '14:15' } }]);
    expect(await ordersIn(`${tomorrow} 14:00`)).toBe(1);
  });

  it('a declined card gives its place back; confirming the same payment twice holds one place', async () => {
    await setCapacity(2);
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const intent = (await checkout(diner, 0, at('15:00'))).body;
    expect((await payDemo(diner, intent.transactionId, DECLINED_CARD)).status).toBe(402);
    expect(await ordersIn(`${tomorrow} 15:00`)).toBe(0);
    const twice = await Promise.all([payDemo(diner, intent.transactionId), payDemo(diner, intent.transactionId, GOOD_CARD)]);
    expect(twice.map((a) => a.status)).toEqual([200, 200]);
    expect(await ordersIn(`${tomorrow} 15:00`)).toBe(1);
    expect(await historyOf(diner)).toHaveLength(1);
  });

  it('a cancelled order leaves its slot to somebody else', async () => {
    await setCapacity(1);
    const { result } = await payFor(await makeDiner(), [soup], at('15:30'));
    expect(await ordersIn(`${tomorrow} 15:30`)).toBe(1);
    const admin = await makeAdmin();
    const id = result.order._id;
    expect((await call(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: admin, json: { status: 'cancelled' } }, params({ id }))).status).toBe(200);
    expect(await ordersIn(`${tomorrow} 15:30`)).toBe(0);
    await expect(payFor(await makeDiner(), [soup], at('15:30'))).resolves.toBeDefined();
  });
});

describe('as soon as possible, on a fixed clock', () => {
  /** Friday 10 May 2030 at the given time on the restaurant's clock. Only Date is faked: timers run. */
  const clockAt = (hours: number, minutes: number) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 4, 10, hours, minutes) });
  const pay = (transactionId: string) => ({ transactionId, ...GOOD_CARD });

  beforeEach(async () => {
    await setCapacity(1);
  });

  // Viewers are resolved before the clock moves: their session tokens are checked against the real one.
  it('is the earliest slot with room after the preparation time, resolved again when the card is charged', async () => {
    const [dana, omar] = [await viewerOf(await makeDiner()), await viewerOf(await makeDiner())];
    await addToCart(dana, { menuId: soup });
    await addToCart(omar, { menuId: salad });
    clockAt(13, 5);
    const danaIntent = await startCheckout(dana, { fulfilment: { kind: 'asap' } });
    const omarIntent = await startCheckout(omar, { fulfilment: { kind: 'asap' } });
    // Both were told 13:30, the first slot after 13:05 + 20 minutes; Omar pays first and takes it.
    expect([danaIntent.fulfilment, omarIntent.fulfilment]).toEqual(Array(2).fill({ kind: 'pickup', date: '2030-05-10', time: '13:30', asap: true }));
    await confirmDemoPayment(omar, pay(omarIntent.transactionId));
    await confirmDemoPayment(dana, pay(danaIntent.transactionId));
    const { payments } = await collections();
    const slots = await payments.find({ transactionId: { $in: [omarIntent.transactionId, danaIntent.transactionId] } }).toArray();
    expect(Object.fromEntries(slots.map((p) => [p.transactionId, p.fulfilment]))).toEqual({
      [omarIntent.transactionId]: { kind: 'pickup', date: '2030-05-10', time: '13:30', asap: true },
      [danaIntent.transactionId]: { kind: 'pickup', date: '2030-05-10', time: '13:45', asap: true },
    });
  });

  it('is not offered while the restaurant is closed; a time at the next opening is', async () => {
    const diner = await viewerOf(await makeDiner());
    await addToCart(diner, { menuId: soup });
    clockAt(22, 30);
    await expect(startCheckout(diner, { fulfilment: { kind: 'asap' } })).rejects.toMatchObject({
      status: 409,
      message: 'We are closed right now, so "as soon as possible" is not on offer. We open tomorrow at 11:00: please choose a pickup time.',
    });
    const intent = await startCheckout(diner, { fulfilment: { kind: 'pickup', date: '2030-05-11', time: '11:00' } });
    expect(intent.fulfilment).toEqual({ kind: 'pickup', date: '2030-05-11', time: '11:00', asap: false });
  });

  it("starts the payment page on tomorrow once today's last times are full", async () => {
    const [first, second] = [await viewerOf(await makeDiner()), await viewerOf(await makeDiner())];
    await addToCart(first, { menuId: soup });
    await addToCart(second, { menuId: salad });
    clockAt(21, 10); // 21:30 and 21:45 are left today, one order each
    expect((await pickupOptions(new Date())).options.firstDate).toBe('2030-05-10');
    for (const [diner, time] of [[first, '21:30'], [second, '21:45']] as const) {
      const intent = await startCheckout(diner, { fulfilment: { kind: 'pickup', date: '2030-05-10', time } });
      await confirmDemoPayment(diner, pay(intent.transactionId));
    }
    const { options, slots } = await pickupOptions(new Date());
    expect(options).toMatchObject({ openNow: true, firstDate: '2030-05-11' });
    // The slots it read on the way are the days the payment page opens on, full times marked.
    expect([...slots.keys()]).toEqual(['2030-05-10', '2030-05-11']);
    expect(slots.get('2030-05-10')).toEqual([{ time: '21:30', available: false }, { time: '21:45', available: false }]);
    expect(slots.get('2030-05-11')!.some((slot) => slot.available)).toBe(true);
  });

  it("after the day's last slot, a restaurant open all night takes tomorrow's first: at a table and as soon as possible", async () => {
    await changeSettings((s) => {
      s.schedule.hours = everyDay(['00:00', '00:00']);
    });
    try {
      const [asap, seated, third] = [await viewerOf(await makeDiner()), await viewerOf(await makeDiner()), await viewerOf(await makeDiner())];
      for (const diner of [asap, seated, third]) await addToCart(diner, { menuId: soup });
      clockAt(23, 50); // 23:50 + 20 minutes: the kitchen's next slot is 00:15 tomorrow
      const table4 = await atTable(4);
      const intent = await startCheckout(asap, { fulfilment: { kind: 'asap' } });
      expect(intent.fulfilment).toEqual({ kind: 'pickup', date: '2030-05-11', time: '00:15', asap: true });
      await confirmDemoPayment(asap, pay(intent.transactionId));
      const { payments } = await collections();
      expect((await payments.findOne({ transactionId: intent.transactionId }))?.fulfilment).toEqual({ kind: 'pickup', date: '2030-05-11', time: '00:15', asap: true });
      // One order a slot: the table's order takes the next one, and is told nothing of it.
      const seatedIntent = await startCheckout(seated, { fulfilment: table4 });
      expect(seatedIntent.fulfilment).toEqual({ kind: 'table', table: 4 });
      await confirmDemoPayment(seated, pay(seatedIntent.transactionId));
      expect(await ordersIn('2030-05-11 00:30')).toBe(1);
      const later = await startCheckout(third, { fulfilment: { kind: 'asap' } });
      expect(later.fulfilment).toEqual({ kind: 'pickup', date: '2030-05-11', time: '00:45', asap: true });
    } finally {
      await changeSettings((s) => {
        s.schedule.hours = everyDay(['11:00', '22:00']);
      });
    }
  });

  it('a scheduled time that has come too close by the time the card is charged is refused, uncharged', async () => {
    const diner = await viewerOf(await makeDiner());
    await addToCart(diner, { menuId: soup });
    clockAt(14, 5);
    const intent = await startCheckout(diner, { fulfilment: { kind: 'pickup', date: '2030-05-10', time: '14:30' } });
    clockAt(14, 15);
    await expect(confirmDemoPayment(diner, pay(intent.transactionId))).rejects.toMatchObject({ status: 409, message: 'Your pickup time is now too soon for the kitchen. Please choose a later time. Your card was not charged.' });
    const { checkout_intents, payments } = await collections();
    expect((await checkout_intents.findOne({ transactionId: intent.transactionId }))?.status).toBe('open');
    expect(await payments.countDocuments({ transactionId: intent.transactionId })).toBe(0);
  });
});
