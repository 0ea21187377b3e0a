/**
 * A cancellation and its refund cannot come apart: the status and the refund's reservation are
 * one write, so a process that stops right after it leaves a pending refund to retry, never a
 * cancelled order with nothing given back and nothing to retry. And a pending refund taken over
 * after its lease first asks the provider for the refund its lost try made: sent again a day
 * later, when Stripe has forgotten the try's idempotency key, it is still made once.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getOrder, PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { POST as postRefund } from '@/app/api/orders/[id]/refunds/route';
import { POST as retryRefundRoute } from '@/app/api/orders/[id]/refunds/[refundId]/route';
import { collections, toObjectId } from '@/lib/db';
import * as refunds from '@/lib/payments/refunds';
import type { Order } from '@/lib/orders/types';
import { addDays } from '@/lib/reservations/calendar';
import { restaurantClock } from '../support/clock';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeAdmin, makeDiner, makeStaff, type Person } from '../support/people';
import { checkout, addLines, withFakeStripe, payFor, save } from './support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());
vi.mock('@/lib/payments/refunds', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/payments/refunds')>();
  return { ...actual, sendRefund: vi.fn(actual.sendRefund) };
});

let soup: string;
let admin: Person;
beforeAll(async () => {
  ({ soup } = await pricedMenuItems());
  admin = await makeAdmin({ name: 'Ada Admin' });
});

type Answer = Order & { error?: string };
const stored = async (id: string) => (await collections()).payments.findOne({ _id: toObjectId(id)! });
const retry = (id: string, refundId: string) => call<Answer>(retryRefundRoute, `/api/orders/${id}/refunds/${refundId}`, { as: admin }, params({ id, refundId }));
const leaseOver = (id: string) => collections().then(({ payments }) => payments.updateOne({ _id: toObjectId(id)! }, { $set: { 'refunds.0.leaseUntil': new Date(Date.now() - 1000) } }));

describe('with the demo card', () => {
  beforeAll(() => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  });

  it('a cancellation whose process stops right after its write leaves its refund reserved, to retry; retried, everything goes back once and the slot is freed', async () => {
    const staff = await makeStaff({ name: 'Sam Staff' });
    const diner = await makeDiner();
    const date = addDays(restaurantClock(new Date()).today, 1);
    const { result } = await payFor(diner, [soup], { fulfilment: { kind: 'pickup', date, time: '18:00' } });
    const id = result.paymentResult.insertedId;
    const held = async () => (await (await collections()).pickupSlots.findOne({ _id: `${date} 18:00` }))?.orders ?? 0;
    expect(await held()).toBe(1);

    vi.mocked(refunds.sendRefund).mockRejectedValueOnce(new Error('the server stopped'));
    expect((await call(patchOrder, `/api/orders/${id}`, { method: 'PATCH', as: staff, json: { status: 'cancelled' } }, params({ id }))).status).toBe(500);

    const order = (await stored(id))!;
    expect(order.status).toBe('cancelled');
    expect(order.refundedCents).toBe(1450);
    expect(order.refunds).toEqual([expect.objectContaining({ cents: 1450, reason: 'Order cancelled', status: 'pending', by: expect.objectContaining({ name: 'Sam Staff' }) })]);
    // Its try never answered: once its lease is over, the receipt offers a retry, and the retry finishes the cancellation.
    await leaseOver(id);
    const receipt = (await call<Order>(getOrder, `/api/orders/${id}`, { as: admin }, params({ id }))).body;
    expect(receipt.refunds).toEqual([expect.objectContaining({ status: 'pending', retryable: true })]);
    const retried = await retry(id, order.refunds![0]!.id);
    expect(retried).toMatchObject({ status: 200, body: { status: 'cancelled', refundedCents: 1450, refunds: [{ status: 'done', cents: 1450 }] } });
    expect(await held()).toBe(0);
  });
});

describe('with Stripe', () => {
  const fake = withFakeStripe();

  it('a refund taken over a day after its lost try, when Stripe has forgotten the key: found at Stripe, not made again', async () => {
    const diner = await makeDiner();
    await addLines(diner, [soup, soup]);
    const intent = (await checkout(diner)).body;
    fake().confirm(intent.transactionId);
    const id = (await save(diner, intent)).body.paymentResult.insertedId;
    const madeAtStripe = () => fake().refunds.filter((r) => r.payment_intent === intent.transactionId);

    // The try reaches Stripe, and its server stops before the answer comes: it never records anything.
    fake().holdAnswer('/v1/refunds');
    void call<Answer>(postRefund, `/api/orders/${id}/refunds`, { as: admin, json: { amountCents: 1000, reason: 'Cold' } }, params({ id }));
    await vi.waitFor(() => expect(madeAtStripe()).toHaveLength(1));
    const refundId = (await stored(id))!.refunds![0]!.id;

    await leaseOver(id);
    fake().forgetIdempotencyKeys();
    expect(await retry(id, refundId)).toMatchObject({ status: 200, body: { refundedCents: 1000, refunds: [{ id: refundId, status: 'done' }] } });
    expect(madeAtStripe()).toHaveLength(1);
    expect(fake().intents.get(intent.transactionId)!.amount_refunded).toBe(1000);
    expect((await stored(id))!.refundedCents).toBe(1000);
  });
});
