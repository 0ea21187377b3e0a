/**
 * The money invariants, under random interleavings of what two tabs of one diner and two admins
 * do at once (open a checkout, confirm a card, have one declined, cancel, refund, reconcile), on
 * each provider (the demo card, and Stripe through the local fake of its API). After each run,
 * once the reconciler has settled everything:
 * - what the provider took, less what it gave back, is what the orders were paid, less their refunds;
 * - no cart line is paid for more units than were put in it;
 * - each pickup slot holds exactly the orders that are not cancelled, with their loads, and each
 *   promo code has exactly one use per order it was not given back for.
 * A run is reproducible from its seed, printed when it fails.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { collections } from '@/lib/db';
import { toCents } from '@/lib/menu/money';
import { refundedCentsOf } from '@/lib/orders/orders';
import { reconcilePayments } from '@/lib/payments/reconcile';
import type { CheckoutIntent } from '@/lib/payments/types';
import { createPromo } from '@/lib/promos/promos';
import { MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { addDays } from '@/lib/reservations/calendar';
import { restaurantClock } from '../support/clock';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, type Person } from '../support/people';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { DECLINED_CARD, WEBHOOK_SECRET, addLines, checkout, payDemo, save } from './support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const RUNS = 8;
const STEPS = 16;
const TIMES = ['12:00', '12:15', '12:30'];

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

let fake: FakeStripe;
let soup: string;
let salad: string;
let admins: Person[];
let promo: { id: string; code: string };
beforeAll(async () => {
  fake = await startFakeStripe();
  ({ soup, salad } = await pricedMenuItems());
  admins = [await makeAdmin({ name: 'Ada Admin' }), await makeAdmin({ name: 'Otto Admin' })];
  const code = `MONEY${Date.now().toString(36).toUpperCase()}`;
  const made = await createPromo(await adminOf(admins[0]!), { code, kind: 'fixed', amount: 1, minSubtotal: 0, maxUses: 1000, categories: [], menuIds: [], active: true });
  promo = { id: made._id, code };
  setRateLimitStore(new MemoryRateLimitStore());
});
afterAll(() => fake.close());

type Mode = 'demo' | 'stripe';

function useMode(mode: Mode) {
  const keys = { NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: fake.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
  for (const [key, value] of Object.entries(keys)) {
    if (mode === 'stripe') process.env[key] = value;
    else delete process.env[key];
  }
}

/** One run: a diner with two tabs and two admins acting at random, a few at a time. */
async function run(mode: Mode, seed: number): Promise<void> {
  const rng = random(seed);
  const diner = await makeDiner();
  const date = addDays(restaurantClock(new Date()).today, 2 + (seed % 5));
  /** Units put in each cart line, by its id: no orders may pay for more. */
  const added = new Map<string, number>();
  const tabs: (CheckoutIntent | null)[] = [null, null];

  const ops = {
    async add() {
      const [line] = await addLines(diner, [rng.pick([soup, salad])]);
      added.set(line!, (added.get(line!) ?? 0) + 1);
    },
    async open(tab: number) {
      const res = await checkout(diner, 0.01, {
        tip: { percent: tab === 0 ? 10 : 15 },
        fulfilment: { kind: 'pickup', date, time: rng.pick(TIMES) },
        ...(rng.next() < 0.5 ? { promo: promo.code } : {}),
      });
      if (res.status === 200) tabs[tab] = res.body;
    },
    async confirm(tab: number) {
      const intent = tabs[tab];
      if (!intent) return;
      if (mode === 'demo') await payDemo(diner, intent.transactionId);
      else {
        if (fake.intents.get(intent.transactionId)?.status === 'requires_payment_method') fake.confirm(intent.transactionId);
        await save(diner, intent);
      }
    },
    async decline(tab: number) {
      const intent = tabs[tab];
      if (!intent) return;
      if (mode === 'demo') await payDemo(diner, intent.transactionId, DECLINED_CARD);
      else {
        // The authorization lapsed before it was captured: the capture fails, nothing is taken.
        if (fake.intents.get(intent.transactionId)?.status === 'requires_payment_method') fake.confirm(intent.transactionId);
        fake.failNext({ status: 402, error: { type: 'card_error', code: 'charge_expired_for_capture', message: 'This charge has expired.' } }, `/v1/payment_intents/${intent.transactionId}/capture`);
        await save(diner, intent);
      }
    },
    async cancel(admin: number) {
      const order = rng.pick([...(await ordersOf(diner)), null]);
      if (!order) return;
      const id = order._id.toHexString();
      await call(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: admins[admin]!, json: { status: 'cancelled' } }, params({ id }));
    },
    async refund(admin: number) {
      const order = rng.pick([...(await ordersOf(diner)), null]);
      if (!order) return;
      const id = order._id.toHexString();
      const json = rng.next() < 0.5 ? { amountCents: 1 + Math.floor(rng.next() * 900), reason: 'Random' } : { lines: [{ index: 0, quantity: 1 }], reason: 'Random line' };
      await call(postRefund, `/api/orders/${id}/refunds`, { as: admins[admin]!, json }, params({ id }));
    },
    async reconcile() {
      await reconcilePayments();
    },
  };
  const moves: (() => Promise<void>)[] = [
    ops.add,
    () => ops.open(0),
    () => ops.open(1),
    () => ops.confirm(0),
    () => ops.confirm(1),
    () => ops.decline(rng.next() < 0.5 ? 0 : 1),
    () => ops.cancel(0),
    () => ops.cancel(1),
    () => ops.refund(0),
    () => ops.refund(1),
    ops.reconcile,
  ];
  await ops.add();
  await ops.add();
  for (let step = 0; step < STEPS; step++) {
    // One to three things at once: the two tabs and the two admins do not wait for each other.
    const together = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () => rng.pick(moves));
    await Promise.all(together.map((move) => move()));
  }
  await settleEverything(diner);
  await checkInvariants(mode, diner, added, `${mode} seed ${seed}`);
}

const ordersOf = async (diner: Person) => (await collections()).payments.find({ ownerUid: diner.uid }).toArray();

/** An hour later: every checkout still open has expired, and the reconciler has finished all of them. */
async function settleEverything(diner: Person): Promise<void> {
  const { checkout_intents } = await collections();
  const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
  await checkout_intents.updateMany({ ownerUid: diner.uid, status: 'open' }, { $set: { createdAt: anHourAgo } });
  for (let round = 0; round < 3; round++) {
    await checkout_intents.updateMany({ ownerUid: diner.uid, reconcileAt: { $exists: true } }, { $set: { reconcileAt: anHourAgo } });
    await checkout_intents.updateMany({ ownerUid: diner.uid, settling: { $exists: true } }, { $set: { 'settling.until': anHourAgo } });
    await reconcilePayments();
  }
  expect(await checkout_intents.countDocuments({ ownerUid: diner.uid, reconcileAt: { $exists: true } })).toBe(0);
}

async function checkInvariants(mode: Mode, diner: Person, added: Map<string, number>, label: string): Promise<void> {
  const { checkout_intents, demoIntents, pickupSlots, promoUses } = await collections();
  const orders = await ordersOf(diner);
  const intents = await checkout_intents.find({ ownerUid: diner.uid }).toArray();
  const ids = intents.map((intent) => intent.transactionId);
  if (!ids.length) {
    expect(orders, `${label}: no checkout, no order`).toEqual([]);
    return;
  }

  // What the provider kept is what the orders kept.
  let providerNet = 0;
  if (mode === 'stripe') {
    for (const id of ids) {
      const intent = fake.intents.get(id)!;
      providerNet += intent.amount_received - intent.amount_refunded;
    }
  } else {
    for (const account of await demoIntents.find({ _id: { $in: ids } }).toArray()) {
      if (account.status === 'succeeded') providerNet += account.amountCents - account.refundedCents;
    }
  }
  const ordersNet = orders.reduce((sum, order) => sum + toCents(order.price) - refundedCentsOf(order), 0);
  expect(providerNet, `${label}: captured less refunded`).toBe(ordersNet);
  expect(orders.every((order) => (order.refundedCents ?? 0) === refundedCentsOf(order)), `${label}: no refund left reserved`).toBe(true);

  // No line paid twice.
  const paid = new Map<string, number>();
  for (const order of orders) order.cartIds.forEach((cartId, i) => paid.set(cartId, (paid.get(cartId) ?? 0) + order.lines[i]!.quantity));
  for (const [cartId, units] of paid) expect(units, `${label}: units paid for line ${cartId}`).toBeLessThanOrEqual(added.get(cartId) ?? 0);

  // The slots hold the orders that stand, and nothing else of this diner's.
  const standing = orders.filter((order) => order.status !== 'cancelled');
  const slots = await pickupSlots.find({ intents: { $in: ids } }).toArray();
  const holding = slots.flatMap((slot) => slot.intents.filter((id) => ids.includes(id)).map((id) => `${slot._id}|${id}`)).sort();
  const expected = standing.map((order) => (order.fulfilment?.kind === 'pickup' ? `${order.fulfilment.date} ${order.fulfilment.time}|${order.transactionId}` : '')).sort();
  expect(holding, `${label}: slots held`).toEqual(expected);
  for (const slot of slots) {
    expect(slot.orders, `${label}: slot ${slot._id} counter`).toBe(slot.intents.reduce((sum, id) => sum + slot.loads[id]!, 0));
  }

  // One use of the code per order it was not given back for.
  const kept = orders.filter((order) => order.promo && refundedCentsOf(order) < toCents(order.price)).map((order) => order.transactionId).sort();
  const uses = (await promoUses.find({ promoId: promo.id, transactionId: { $in: ids } }).toArray()).map((use) => use.transactionId).sort();
  expect(uses, `${label}: promo uses`).toEqual(kept);
}

describe.each<Mode>(['demo', 'stripe'])('with the %s provider', (mode) => {
  beforeAll(() => useMode(mode));
  afterAll(() => useMode('demo'));

  it(`keeps the money invariants over ${RUNS} random runs`, { timeout: 240_000 }, async () => {
    const base = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
    for (let i = 0; i < RUNS; i++) await run(mode, base + i);
  });
});
