/**
 * Two confirmations of one intent at once (a double submit, a second tab), one with a card that
 * pays and one with a card the bank declines. The declined one used to run its own hold, charge
 * and undo beside the good one, and its undo gave back the pickup slot and the promo code's use
 * the good one's order then recorded. Now the card is confirmed with the provider before anything
 * is held (a decline holds nothing), and one confirmation at a time settles an intent: the other
 * waits for it and answers its order. Interleaving real requests cannot force the order, so the
 * good confirmation is held inside its hold until the declined one has arrived and is waiting.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { collections } from '@/lib/db';
import * as capacity from '@/lib/fulfilment/capacity';
import * as intents from '@/lib/payments/intents';
import * as uses from '@/lib/promos/uses';
import { createPromo } from '@/lib/promos/promos';
import { addDays } from '@/lib/reservations/calendar';
import { restaurantClock } from '../support/clock';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeAdmin, makeDiner } from '../support/people';
import { DECLINED_CARD, addLines, checkout, historyOf, payDemo } from './support';

vi.mock('@/lib/fulfilment/capacity', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/fulfilment/capacity')>();
  return { ...actual, takeSlot: vi.fn(actual.takeSlot) };
});
vi.mock('@/lib/promos/uses', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/promos/uses')>();
  return { ...actual, takePromoUse: vi.fn(actual.takePromoUse) };
});
vi.mock('@/lib/payments/intents', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/payments/intents')>();
  return { ...actual, takeSettling: vi.fn(actual.takeSettling) };
});

let soup: string;
beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup } = await pricedMenuItems());
});

const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);

/** Runs `during` once, inside the next take of the slot or of the code's use, once it is taken. */
const inside = {
  slot(during: () => Promise<void>) {
    const take = vi.mocked(capacity.takeSlot);
    const real = take.getMockImplementation()!;
    take.mockImplementationOnce(async (...args) => {
      const taken = await real(...args);
      await during();
      return taken;
    });
  },
  promo(during: () => Promise<void>) {
    const take = vi.mocked(uses.takePromoUse);
    const real = take.getMockImplementation()!;
    take.mockImplementationOnce(async (...args) => {
      await real(...args);
      await during();
    });
  },
};

it.each([
  ['its pickup slot', inside.slot, '12:00'],
  ["its promo code's use", inside.promo, '12:30'],
] as const)('a declined confirmation racing a good one on the same intent gives back nothing of the good one’s: not %s', async (_what, hold, time) => {
  const code = `RACE${Date.now().toString(36).toUpperCase()}`;
  await createPromo(await adminOf(await makeAdmin()), { code, kind: 'fixed', amount: 1, minSubtotal: 0, maxUses: 5, categories: [], menuIds: [], active: true });
  const diner = await makeDiner();
  await addLines(diner, [soup]);
  const intent = (await checkout(diner, 0.01, { fulfilment: { kind: 'pickup', date: tomorrow(), time }, promo: code })).body;
  expect(intent.transactionId).toBeDefined();

  const settling = vi.mocked(intents.takeSettling);
  const settlesBefore = settling.mock.calls.length;
  let declined: ReturnType<typeof payDemo> | undefined;
  hold(async () => {
    // Held now: the declined card arrives, and waits for this confirmation to settle the intent.
    declined = payDemo(diner, intent.transactionId, DECLINED_CARD);
    await vi.waitFor(() => expect(settling.mock.calls.length).toBeGreaterThan(settlesBefore + 1));
  });
  const good = await payDemo(diner, intent.transactionId);

  expect(good.status).toBe(200);
  // The card was authorized already: the declined one was never asked for, and answers the same order.
  expect(await declined).toEqual(good);
  expect(await historyOf(diner)).toHaveLength(1);
  const { pickupSlots, promos, promoUses } = await collections();
  expect((await pickupSlots.findOne({ _id: `${tomorrow()} ${time}` }))?.intents).toEqual([intent.transactionId]);
  const promoId = (await promos.findOne({ code }))!._id.toHexString();
  expect(await promoUses.countDocuments({ promoId, transactionId: intent.transactionId })).toBe(1);
});
