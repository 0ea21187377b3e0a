/**
 * The last portion: 100 diners pay at once for the last 10 portions of a dish. Each card is
 * authorized at a local fake of Stripe (as Stripe.js confirms it), then all 100 payments are saved
 * at the same moment: exactly 10 are captured and recorded, the count ends at zero, and the 90
 * others are refused with the reason and their authorizations voided, so no card but the 10 is
 * ever charged. The same with the demo card, whose charge happens only after the portions are held.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postMenu } from '@/app/api/menu/route';
import { collections } from '@/lib/db';
import { addLines, checkout, payDemo, save } from '../payments/support';
import { startFakeStripe, type FakeStripe } from '../payments/fake-stripe';
import { call } from '../support/http';
import { makeAdmin, makeDiner, type Person } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const DINERS = 100;
const LEFT = 10;
/** A hundred checkouts on a machine shared with other work take a while. */
const SLOW = 120_000;

async function lastPortions(name: string): Promise<string> {
  const res = await call<{ insertedId: string }>(postMenu, '/api/menu', {
    as: await makeAdmin(),
    json: { name, category: 'soup', price: 8, image: '/images/menu/soup.svg', stock: { per: 'total', count: LEFT } },
  });
  return res.body.insertedId;
}

/** Each diner with the dish in their cart and a payment opened for it (at Pay, all 10 are still there). */
async function dinersAtPay(dish: string): Promise<{ diner: Person; intent: { transactionId: string; price: number } }[]> {
  const ready = [];
  for (let i = 0; i < DINERS; i += 20) {
    ready.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, DINERS - i) }, async () => {
          const diner = await makeDiner();
          await addLines(diner, [dish]);
          const opened = await checkout(diner);
          expect(opened.status).toBe(200);
          return { diner, intent: opened.body };
        }),
      )),
    );
  }
  return ready;
}

const leftOf = async (dish: string) => (await (await collections()).stockCounts.findOne({ _id: dish }))?.left;
const ordersOf = async (transactionIds: string[]) => (await collections()).payments.countDocuments({ transactionId: { $in: transactionIds } });

describe('the last portion, with cards at Stripe', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    process.env.STRIPE_API_BASE = fake.url;
  });
  afterAll(async () => {
    for (const key of ['NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[key];
    await fake.close();
  });

  it('100 diners paying at once for the last 10 portions: exactly 10 sold, the 90 others refused before any charge', async () => {
    const dish = await lastPortions('Last soup at Stripe');
    const paying = await dinersAtPay(dish);
    for (const { intent } of paying) fake.confirm(intent.transactionId);

    const answers = await Promise.all(paying.map(({ diner, intent }) => save(diner, intent)));

    const sold = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(sold).toHaveLength(LEFT);
    expect(refused).toHaveLength(DINERS - LEFT);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^(Last soup at Stripe is sold out|Only \d+ of Last soup at Stripe (is|are) left)\. Your card was not charged\.$/) } });
    expect(await leftOf(dish)).toBe(0);
    const ids = paying.map(({ intent }) => intent.transactionId);
    expect(await ordersOf(ids)).toBe(LEFT);
    // At Stripe: 10 captured, 90 authorizations cancelled, nothing else charged.
    const statuses = ids.map((id) => fake.intents.get(id)!);
    expect(statuses.filter((intent) => intent.status === 'succeeded' && intent.amount_received === 800)).toHaveLength(LEFT);
    expect(statuses.filter((intent) => intent.status === 'canceled' && intent.amount_received === 0)).toHaveLength(DINERS - LEFT);
  }, SLOW);
});

describe('the last portion, with the demo card', () => {
  beforeAll(() => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  });

  it('100 diners confirming at once for the last 10: 10 cards charged and 10 orders, 90 refused with nothing charged', async () => {
    const dish = await lastPortions('Last soup with the demo card');
    const paying = await dinersAtPay(dish);
    const answers = await Promise.all(paying.map(({ diner, intent }) => payDemo(diner, intent.transactionId)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LEFT);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(DINERS - LEFT);
    // The demo provider's own account of its intents: 10 captured, the 90 others never.
    const { demoIntents } = await collections();
    const accounts = await demoIntents.find({ _id: { $in: paying.map(({ intent }) => intent.transactionId) } }).toArray();
    expect(accounts.filter((account) => account.status === 'succeeded')).toHaveLength(LEFT);
    expect(accounts.filter((account) => account.status === 'succeeded' || account.status === 'requires_capture')).toHaveLength(LEFT);
    expect(await leftOf(dish)).toBe(0);
    expect(await ordersOf(paying.map(({ intent }) => intent.transactionId))).toBe(LEFT);
  }, SLOW);
});
