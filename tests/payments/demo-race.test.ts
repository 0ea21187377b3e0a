/**
 * The race a double submit can hit: one confirmation reads the intent as unpaid, then another
 * confirmation of the same intent pays it and clears its cart lines before the first one checks
 * the cart. Interleaving real requests cannot force that order, so the first call's cart check is
 * made to wait for the second call to finish.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import * as cart from '@/lib/cart/cart';
import { pricedMenuItems } from '../support/menu';
import { makeDiner } from '../support/people';
import { addLines, checkout, historyOf, payDemo } from './support';

vi.mock('@/lib/cart/cart', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/cart/cart')>();
  return { ...actual, priceCart: vi.fn(actual.priceCart) };
});

beforeAll(() => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
});

it('a confirmation that finds its lines already paid by a concurrent one answers success, not "cart changed"', async () => {
  const { soup, salad } = await pricedMenuItems();
  const shopper = await makeDiner({ email: 'racer@bistro.test' });
  await addLines(shopper, [soup, salad]);
  const intent = (await checkout(shopper)).body;

  const priceCart = vi.mocked(cart.priceCart);
  const realPriceCart = priceCart.getMockImplementation()!;
  let second: Awaited<ReturnType<typeof payDemo>> | undefined;
  priceCart.mockImplementationOnce(async (...args) => {
    second = await payDemo(shopper, intent.transactionId);
    return realPriceCart(...args);
  });

  const first = await payDemo(shopper, intent.transactionId);
  expect(second).toMatchObject({ status: 200, body: { status: 'succeeded', transactionId: intent.transactionId, order: { number: expect.any(Number) } } });
  expect(first).toEqual(second);
  expect(await historyOf(shopper)).toHaveLength(1);
});
