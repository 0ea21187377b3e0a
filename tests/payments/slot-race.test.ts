/**
 * The slot race: the diner changes their pickup time (a resumed checkout, another tab) while a
 * confirmation of the same intent is in flight. It used to end with the order recording slot A
 * while slot B held its place, and a cancellation that released nothing: capacity exceeded, a
 * place leaked for good. Now a confirmation settles an intent alone (a lease), fixes its
 * fulfilment before it holds a place, and a checkout opened meanwhile is told the dishes are being
 * paid for; the order records the slot the payment holds, and a release goes by that slot.
 *
 * Interleaving real requests cannot be made to hit the window every time, so the first run holds
 * the first confirmation inside its slot-taking while the diner asks for another time and a
 * second confirmation arrives; a second run lets many such triples race freely, and checks the
 * counters after every round.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { collections } from '@/lib/db';
import * as capacity from '@/lib/fulfilment/capacity';
import { addDays } from '@/lib/reservations/calendar';
import { restaurantClock } from '../support/clock';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeAdmin, makeDiner, type Person } from '../support/people';
import { addLines, checkout, historyOf, payDemo } from './support';

vi.mock('@/lib/fulfilment/capacity', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/fulfilment/capacity')>();
  return { ...actual, takeSlot: vi.fn(actual.takeSlot) };
});

let soup: string;
beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup } = await pricedMenuItems());
});
afterEach(() => vi.mocked(capacity.takeSlot).mockClear());

const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);
const at = (time: string) => ({ fulfilment: { kind: 'pickup', date: tomorrow(), time } });
const held = async (time: string) => (await (await collections()).pickupSlots.findOne({ _id: `${tomorrow()} ${time}` }))?.orders ?? 0;
const recordOf = async (transactionId: string) => (await collections()).payments.findOne({ transactionId });

async function cancel(orderId: string) {
  const admin = await makeAdmin();
  const res = await call(patchOrder, `/api/orders/${orderId}`, { method: 'PATCH', as: admin, json: { status: 'cancelled' } }, params({ id: orderId }));
  expect(res.status).toBe(200);
}

it('the race from the issue: the confirmation holds A, another time is refused while it pays, a second confirmation answers the same order, and the counters add up', async () => {
  const diner: Person = await makeDiner();
  await addLines(diner, [soup]);
  const first = (await checkout(diner, 0.01, at('12:00'))).body;

  const takeSlot = vi.mocked(capacity.takeSlot);
  const realTakeSlot = takeSlot.getMockImplementation()!;
  let resumed: Awaited<ReturnType<typeof checkout>> | undefined;
  let again: Promise<Awaited<ReturnType<typeof payDemo>>> | undefined;
  takeSlot.mockImplementationOnce(async (...args) => {
    // Inside the first confirmation, before its place is taken: the diner goes back, picks 12:15
    // and pays again, as a second tab or a reload would.
    resumed = await checkout(diner, 0.01, at('12:15'));
    again = payDemo(diner, first.transactionId);
    return realTakeSlot(...args);
  });
  const paid = await payDemo(diner, first.transactionId);

  expect(paid.status).toBe(200);
  expect(await again).toEqual(paid);
  // The dishes are being paid for: no second checkout over them while this one settles.
  expect(resumed).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^These dishes are being paid for in another payment/) } });
  // What is recorded is what is held, once.
  const order = await recordOf(first.transactionId);
  expect(order).toMatchObject({ status: 'pending', fulfilment: { kind: 'pickup', date: tomorrow(), time: '12:00', asap: false } });
  expect([await held('12:00'), await held('12:15')]).toEqual([1, 0]);

  // Cancelling gives back the place the payment holds.
  await cancel(order!._id.toHexString());
  expect([await held('12:00'), await held('12:15')]).toEqual([0, 0]);
});

it('many rounds of the race, left to interleave as they will: whichever intent is paid holds exactly the slot it records, and a cancellation frees it', async () => {
  for (let round = 0; round < 12; round++) {
    const [a, b] = [`${String(13 + Math.floor(round / 4)).padStart(2, '0')}:${String((round % 4) * 15).padStart(2, '0')}`, `${String(17 + Math.floor(round / 4))}:${String((round % 4) * 15).padStart(2, '0')}`];
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const intent = (await checkout(diner, 0.01, at(a))).body;
    const [one, resumed, two] = await Promise.all([payDemo(diner, intent.transactionId), checkout(diner, 0.01, at(b)), payDemo(diner, intent.transactionId)]);
    // Either the first intent is paid (and the new checkout was refused, or came too late to
    // matter), or the new checkout replaced it before its card was confirmed.
    const firstPaid = one.status === 200 || two.status === 200;
    if (firstPaid) expect(one.body, `round ${round}`).toEqual(two.body);
    else expect([one.status, two.status, resumed.status], `round ${round}`).toEqual([409, 409, 200]);
    const paidId = firstPaid ? intent.transactionId : resumed.body.transactionId;
    if (!firstPaid) expect((await payDemo(diner, paidId)).status, `round ${round}`).toBe(200);

    const order = (await recordOf(paidId))!;
    const slot = order.fulfilment?.kind === 'pickup' ? order.fulfilment.time : null;
    const holding = await capacity.slotHeldBy(paidId);
    expect(holding, `round ${round}: the slot held is the slot recorded`).toBe(`${tomorrow()} ${slot}`);
    expect((await held(a)) + (await held(b)), `round ${round}: one place for one paid order`).toBe(1);
    expect(await historyOf(diner)).toHaveLength(1);

    await cancel(order._id.toHexString());
    expect([await held(a), await held(b)], `round ${round}: nothing leaked`).toEqual([0, 0]);
  }
});
