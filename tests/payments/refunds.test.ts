/**
 * Money after the sale, through the route handlers: cancelling refunds what is left, admins refund
 * amounts or lines, never past what was paid (two at once included), a provider failure is shown
 * failed and retried, and who did each is recorded. The demo provider here; Stripe's adapter in
 * tests/payments/stripe-refunds.test.ts.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getOrder, PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { POST as quoteRoute } from '@/app/api/orders/[id]/refunds/quote/route';
import { POST as retryRefundRoute } from '@/app/api/orders/[id]/refunds/[refundId]/route';
import { collections, toObjectId } from '@/lib/db';
import type { Order } from '@/lib/orders/types';
import { LIMITS, MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeAdmin, makeDiner, makeStaff, type Person } from '../support/people';
import { historyOf, payFor } from './support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/** Runs once before a cancellation reads the order, when a test sets it: the moment another refund can slip in. */
let beforeCancel: (() => Promise<unknown>) | undefined;
vi.mock('@/lib/orders/orders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/orders/orders')>();
  const changeOrderStatus: typeof actual.changeOrderStatus = async (staff, id, step, options) => {
    const slipIn = beforeCancel;
    beforeCancel = undefined;
    await slipIn?.();
    return actual.changeOrderStatus(staff, id, step, options);
  };
  return { ...actual, changeOrderStatus };
});

let soup: string;
let salad: string;
let admin: Person;
let otherAdmin: Person;
let staff: Person;
let diner: Person;

beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup, salad } = await pricedMenuItems());
  admin = await makeAdmin({ name: 'Ada Admin' });
  otherAdmin = await makeAdmin({ name: 'Otto Admin' });
  staff = await makeStaff({ name: 'Sam Staff' });
});
beforeEach(async () => {
  setRateLimitStore(new MemoryRateLimitStore());
  diner = await makeDiner();
});

type Answer = Order & { error?: string };
const refund = (as: Person | null, id: string, json: unknown) => call<Answer>(postRefund, `/api/orders/${id}/refunds`, as ? { as, json } : { json }, params({ id }));
const patch = (as: Person, id: string, json: unknown) => call<Answer>(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as, json }, params({ id }));
const receipt = async (as: Person, id: string) => (await call<Order>(getOrder, `/api/orders/${id}`, { as }, params({ id }))).body;
const stored = async (id: string) => (await collections()).payments.findOne({ _id: toObjectId(id)! });

/** A paid order of 3 × 14.50 + 9.95 = $53.45 (lines 0 and 1). */
async function paidOrder(): Promise<string> {
  const { result } = await payFor(diner, [soup, soup, soup, salad]);
  return result.paymentResult.insertedId;
}

describe('POST /api/orders/{id}/refunds', () => {
  it('refunds one line: the diner sees "Refunded" and what they paid in the end, with who did it and why', async () => {
    const id = await paidOrder();
    const res = await refund(admin, id, { lines: [{ index: 1, quantity: 1 }], reason: 'The salad was wilted' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ refundedCents: 995, refunds: [{ cents: 995, reason: 'The salad was wilted', status: 'done', by: 'Ada Admin' }] });
    const seen = await receipt(diner, id);
    expect(seen.refundedCents).toBe(995);
    expect(seen.items[1]).toMatchObject({ quantity: 1, refundedQuantity: 1 });
    expect((await historyOf(diner))[0]).toMatchObject({ refundedCents: 995 });
    // The rest of the line cannot be refunded twice.
    expect(await refund(admin, id, { lines: [{ index: 1, quantity: 1 }], reason: 'Again' })).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^Only 0 of/) } });
  });

  it('refunds that add up exactly to what was paid go through; a cent more is refused and changes nothing', async () => {
    const id = await paidOrder();
    expect((await refund(admin, id, { amountCents: 5000, reason: 'Late' })).status).toBe(201);
    expect(await refund(admin, id, { amountCents: 346, reason: 'More' })).toEqual({ status: 409, body: { error: 'Only $3.45 is left to refund on this order.' } });
    expect((await refund(admin, id, { amountCents: 345, reason: 'The rest' })).body.refundedCents).toBe(5345);
    const before = await stored(id);
    expect(await refund(admin, id, { amountCents: 1, reason: 'One more' })).toEqual({ status: 409, body: { error: 'This order is already fully refunded.' } });
    expect(await stored(id)).toEqual(before);
  });

  it('two admins refunding at once: one conditional write decides, and the sum never passes what was paid', async () => {
    const id = await paidOrder();
    const answers = await Promise.all([refund(admin, id, { amountCents: 4000, reason: 'Cold' }), refund(otherAdmin, id, { amountCents: 4000, reason: 'Cold too' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const order = await stored(id);
    expect(order!.refundedCents).toBe(4000);
    expect(order!.refunds).toHaveLength(1);
  });

  it('answers each role as it should: an admin refunds; staff and diners are refused, visitors asked to log in', async () => {
    const id = await paidOrder();
    const json = { amountCents: 100, reason: 'Test' };
    expect((await refund(null, id, json)).status).toBe(401);
    expect(await refund(diner, id, json)).toEqual({ status: 403, body: { error: 'Only admins may do this.' } });
    expect(await refund(staff, id, json)).toEqual({ status: 403, body: { error: 'Only admins may do this.' } });
    expect((await stored(id))!.refunds).toBeUndefined();
    expect((await refund(admin, id, json)).status).toBe(201);
  });

  it.each([
    ['0 cents', { amountCents: 0, reason: 'x' }, 400, /^amountCents: amountCents must be at least 1/],
    ['a negative amount', { amountCents: -5, reason: 'x' }, 400, /at least 1/],
    ['a fraction of a cent', { amountCents: 10.5, reason: 'x' }, 400, /whole cents/],
    ['no reason', { amountCents: 10 }, 400, /reason/],
    ['both an amount and lines', { amountCents: 10, lines: [{ index: 0, quantity: 1 }], reason: 'x' }, 400, /one of the two/],
    ['neither', { reason: 'x' }, 400, /one of the two/],
    ['a line the order does not have', { lines: [{ index: 7, quantity: 1 }], reason: 'x' }, 400, /^This order has no line 7\.$/],
    ['more of a line than it holds', { lines: [{ index: 0, quantity: 4 }], reason: 'x' }, 409, /^Only 3 of .* are left to refund/],
    ['more than was paid', { amountCents: 5346, reason: 'x' }, 409, /^Only \$53\.45 is left/],
    ['an operator for an amount', { amountCents: { $gt: 0 }, reason: 'x' }, 400, /amountCents/],
  ])('refuses %s, changing nothing', async (_name, json, status, error) => {
    const id = await paidOrder();
    const before = await stored(id);
    const res = await refund(admin, id, json);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(error);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await refund(admin, 'aaaaaaaaaaaaaaaaaaaaaaaa', { amountCents: 1, reason: 'x' })).status).toBe(404);
  });
});

describe('POST /api/orders/{id}/refunds/quote', () => {
  const quote = (as: Person | null, id: string, json: unknown) => call<{ cents?: number; error?: string }>(quoteRoute, `/api/orders/${id}/refunds/quote`, as ? { as, json } : { json }, params({ id }));

  it('tells an admin what a refund would give back, and changes nothing; the refund then gives that', async () => {
    const id = await paidOrder();
    const before = await stored(id);
    expect(await quote(admin, id, { lines: [{ index: 0, quantity: 2 }] })).toEqual({ status: 200, body: { cents: 2900 } });
    expect(await quote(admin, id, { amountCents: 500 })).toEqual({ status: 200, body: { cents: 500 } });
    expect(await stored(id)).toEqual(before);
    expect((await refund(admin, id, { lines: [{ index: 0, quantity: 2 }], reason: 'Cold' })).body.refundedCents).toBe(2900);
    // Refused as the refund itself would be.
    expect(await quote(admin, id, { lines: [{ index: 0, quantity: 2 }] })).toEqual({ status: 409, body: { error: expect.stringMatching(/^Only 1 of .* is left to refund on this order\.$/) } });
  });

  it.each([
    ['a visitor', null, 401],
    ['a diner, even the one who paid', 'diner', 403],
    ['staff', 'staff', 403],
  ] as const)('refuses %s', async (_who, as, status) => {
    const id = await paidOrder();
    const res = await quote(as === 'diner' ? diner : as === 'staff' ? staff : null, id, { amountCents: 100 });
    expect(res.status).toBe(status);
    expect(res.body).not.toHaveProperty('cents');
  });

  it.each([
    ['0 cents', { amountCents: 0 }, 400],
    ['both an amount and lines', { amountCents: 10, lines: [{ index: 0, quantity: 1 }] }, 400],
    ['a reason, which a quote does not take', { amountCents: 10, reason: 'x' }, 400],
    ['a line the order does not have', { lines: [{ index: 7, quantity: 1 }] }, 400],
    ['more than was paid', { amountCents: 5346 }, 409],
  ])('answers %s with a %i and a message', async (_name, json, status) => {
    const res = await quote(admin, await paidOrder(), json);
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('cancelling gives the money back', () => {
  it('staff cancel a pending order: all of it is refunded, recorded as theirs, and the slot goes back', async () => {
    const id = await paidOrder();
    const res = await patch(staff, id, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundedCents: 5345, refunds: [{ cents: 5345, reason: 'Order cancelled', status: 'done', by: 'Sam Staff' }] });
    expect(res.body.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'Sam Staff' });
    expect((await receipt(diner, id)).refundedCents).toBe(5345);
  });

  it('an order being prepared: staff may not cancel it, an admin may, and what was refunded before is not refunded again', async () => {
    const id = await paidOrder();
    expect((await patch(staff, id, { status: 'preparing' })).body.history.at(-1)).toMatchObject({ status: 'preparing', by: 'Sam Staff' });
    expect(await patch(staff, id, { status: 'cancelled' })).toEqual({ status: 403, body: { error: 'Only an admin may cancel an order the kitchen has started.' } });
    expect((await stored(id))!.status).toBe('preparing');
    await refund(admin, id, { amountCents: 1000, reason: 'Slow' });
    const cancelled = await patch(admin, id, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refundedCents: 5345 });
    expect(cancelled.body.refunds!.map((r) => r.cents)).toEqual([1000, 4345]);
  });

  it('an admin refund made as a cancellation begins: the cancellation refunds what is left, and everything paid goes back once', async () => {
    const id = await paidOrder();
    let slipped: Awaited<ReturnType<typeof refund>> | undefined;
    beforeCancel = async () => (slipped = await refund(admin, id, { amountCents: 1000, reason: 'Cold' }));
    const cancelled = await patch(staff, id, { status: 'cancelled' });
    expect(slipped?.status).toBe(201);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refundedCents: 5345 });
    expect(cancelled.body.refunds!.map((r) => [r.cents, r.status, r.by])).toEqual([
      [1000, 'done', 'Ada Admin'],
      [4345, 'done', 'Sam Staff'],
    ]);
  });

  it('a staff cancel racing an admin refund: the order ends cancelled with everything paid refunded, once', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await paidOrder();
      const [cancelled, refunded] = await Promise.all([patch(staff, id, { status: 'cancelled' }), refund(admin, id, { amountCents: 1000, reason: 'Cold' })]);
      expect(cancelled.status, `round ${round}`).toBe(200);
      expect([201, 409], `round ${round}`).toContain(refunded.status);
      const order = (await stored(id))!;
      expect(order.status, `round ${round}`).toBe('cancelled');
      expect(order.refundedCents, `round ${round}`).toBe(5345);
      expect(order.refunds!.every((r) => r.status === 'done'), `round ${round}`).toBe(true);
      expect(order.refunds!.reduce((sum, r) => sum + r.cents, 0), `round ${round}`).toBe(5345);
    }
  });

  it('order changes are rate limited per person', async () => {
    const id = await paidOrder();
    vi.stubEnv('RATE_LIMIT_SCALE', '1');
    const answers = [];
    for (let i = 0; i <= LIMITS.orderChange.limit; i++) answers.push((await patch(staff, id, { status: 'nonsense' })).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
    vi.unstubAllEnvs();
  });
});

describe('a refund the provider fails', () => {
  it('is shown failed with nothing refunded, keeps its reservation free, and goes through when retried', async () => {
    const id = await paidOrder();
    const demo = (await import('@/lib/payments/providers/demo/adapter')).demoProvider;
    const spy = vi.spyOn(demo, 'refund').mockRejectedValueOnce(new Error('connection reset'));
    try {
      const failed = await refund(admin, id, { amountCents: 2000, reason: 'Burnt' });
      expect(failed).toEqual({ status: 502, body: { error: 'The refund failed, and nothing was refunded: The payment provider could not be reached. It can be retried.' } });
      const order = await receipt(admin, id);
      expect(order).toMatchObject({ refundedCents: 0, refunds: [{ cents: 2000, status: 'failed', error: 'The payment provider could not be reached.' }] });
      expect((await stored(id))!.refundedCents).toBe(0);
      const refundId = order.refunds![0]!.id;
      const retried = await call<Answer>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ refundedCents: 2000, refunds: [{ id: refundId, status: 'done' }] });
      expect(spy).toHaveBeenLastCalledWith(expect.any(String), 2000, refundId, 2);
      const again = await call<Answer>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));
      expect(again).toEqual({ status: 409, body: { error: 'This refund is done.' } });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a refund whose provider never answers (the server stopped while it was sent)', () => {
  const retry = (id: string, refundId: string) => call<Answer>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));

  it('stays reserved while its lease runs, then a retry takes it over as the same try (the same idempotency key), and it is refunded once', async () => {
    const id = await paidOrder();
    const demo = (await import('@/lib/payments/providers/demo/adapter')).demoProvider;
    const spy = vi.spyOn(demo, 'refund').mockImplementationOnce(() => new Promise(() => {}));
    try {
      void refund(admin, id, { amountCents: 2000, reason: 'Burnt' });
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
      const refundId = (await stored(id))!.refunds![0]!.id;
      // Its amount is reserved: the rest is what another refund may take.
      expect(await refund(otherAdmin, id, { amountCents: 4000, reason: 'Cold' })).toEqual({ status: 409, body: { error: 'Only $33.45 is left to refund on this order.' } });
      expect((await receipt(admin, id)).refunds).toEqual([expect.objectContaining({ id: refundId, status: 'pending' })]);
      expect((await receipt(admin, id)).refunds![0]).not.toHaveProperty('retryable');
      expect(await retry(id, refundId)).toEqual({ status: 409, body: { error: 'This refund is under way.' } });

      // The lease runs out with no answer: the admin sees it may be retried.
      const { payments } = await collections();
      await payments.updateOne({ _id: toObjectId(id)! }, { $set: { 'refunds.0.leaseUntil': new Date(Date.now() - 1000) } });
      expect((await receipt(admin, id)).refunds![0]).toMatchObject({ id: refundId, status: 'pending', retryable: true });
      const retried = await retry(id, refundId);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ refundedCents: 2000, refunds: [{ id: refundId, status: 'done' }] });
      expect(spy).toHaveBeenCalledTimes(2);
      expect(spy.mock.calls[1]).toEqual(spy.mock.calls[0]);
      expect(spy.mock.calls[0]).toEqual([expect.any(String), 2000, refundId, 1]);
      expect((await stored(id))!.refundedCents).toBe(2000);
      expect(await retry(id, refundId)).toEqual({ status: 409, body: { error: 'This refund is done.' } });
    } finally {
      spy.mockRestore();
    }
  });
});
