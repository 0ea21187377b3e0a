/**
 * Order again (POST /api/orders/{id}/again): a past order's lines go back into the cart as they
 * were bought, at today's prices; what the menu no longer takes is left out and named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as addToCart, GET as getCart } from '@/app/api/carts/route';
import { POST as againRoute } from '@/app/api/orders/[id]/again/route';
import type { CartItem, OrderedAgain } from '@/lib/cart/types';
import { collections, toObjectId } from '@/lib/db';
import { call, params } from '../support/http';
import { seedItem, setMenuPrice } from '../support/menu';
import { makeDiner, makeGuest, type Person } from '../support/people';
import { payFor } from '../payments/support';

const again = (caller: Person, id: string) => call<OrderedAgain & { error?: string }>(againRoute, `/api/orders/${id}/again`, { as: caller, method: 'POST' }, params({ id }));
const cartOf = async (caller: Person) => (await call<CartItem[]>(getCart, `/api/carts?email=${encodeURIComponent(caller.email)}`, { as: caller })).body;

beforeAll(() => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
});

/** An order of three lines: two bowls of soup with a choice and a note, a salad, a stew; answers its id and the dishes. */
async function pastOrder(diner: Person, checkoutBody: Record<string, unknown> = {}) {
  const soup = await seedItem({ name: 'Again Soup', price: 6, options: [{ name: 'Size', min: 1, max: 1, choices: [{ name: 'Bowl', price: 2 }, { name: 'Cup', price: 0 }] }] });
  const salad = await seedItem({ name: 'Again Salad', price: 9 });
  const stew = await seedItem({ name: 'Again Stew', price: 12 });
  const add = (json: Record<string, unknown>) => call(addToCart, '/api/carts', { as: diner, json });
  await add({ menuId: soup, quantity: 2, options: [{ group: 'Size', choices: ['Bowl'] }], note: 'no croutons' });
  await add({ menuId: salad });
  await add({ menuId: stew });
  const { result } = await payFor(diner, [], checkoutBody);
  return { orderId: result.order._id, soup, salad, stew };
}

describe('POST /api/orders/{id}/again', () => {
  it('puts the same dishes, choices, quantities and notes into the cart, at today’s prices', async () => {
    const diner = await makeDiner();
    const { orderId, soup } = await pastOrder(diner);
    expect(await cartOf(diner)).toEqual([]);
    await setMenuPrice(soup, 7);

    const answer = await again(diner, orderId);
    expect(answer).toEqual({ status: 200, body: { added: [{ name: 'Again Soup', quantity: 2 }, { name: 'Again Salad', quantity: 1 }, { name: 'Again Stew', quantity: 1 }], left: [] } });
    const cart = await cartOf(diner);
    expect(cart.map(({ name, quantity, options, note }) => ({ name, quantity, options, note }))).toEqual([
      { name: 'Again Soup', quantity: 2, options: [{ group: 'Size', choices: ['Bowl'] }], note: 'no croutons' },
      { name: 'Again Salad', quantity: 1, options: [], note: undefined },
      { name: 'Again Stew', quantity: 1, options: [], note: undefined },
    ]);
    // $7 + $2 for a bowl, today's price, not the $8 paid.
    expect(cart[0]!.lineCents).toBe(1800);
  });

  it('leaves out a sold-out dish, a dish gone from the menu and one whose choices changed, naming each', async () => {
    const diner = await makeDiner();
    const { orderId, soup, salad, stew } = await pastOrder(diner);
    const { menu } = await collections();
    await menu.updateOne({ _id: toObjectId(salad)! }, { $set: { available: false } });
    await menu.deleteOne({ _id: toObjectId(stew)! });
    await menu.updateOne({ _id: toObjectId(soup)! }, { $set: { 'options.0.choices': [{ name: 'Cup', price: 0 }] } });

    const { status, body } = await again(diner, orderId);
    expect(status).toBe(200);
    expect(body.added).toEqual([]);
    expect(body.left.map((line) => line.name)).toEqual(['Again Soup', 'Again Salad', 'Again Stew']);
    expect(body.left[1]!.reason).toBe('Sold out: Again Salad cannot be ordered right now.');
    expect(body.left[2]!.reason).toBe('Again Stew is no longer on the menu.');
    expect(body.left[0]!.reason).toMatch(/Bowl/);
    expect(await cartOf(diner)).toEqual([]);
  });

  it('works for a guest’s own order', async () => {
    const guest = await makeGuest();
    const { orderId } = await pastOrder(guest, { guest: { email: 'gus@example.com', name: 'Gus' } });
    expect((await again(guest, orderId)).body.added).toHaveLength(3);
  });

  it('answers 404 { error } for another diner’s order, an unknown or malformed id, and 401 for nobody; nothing is added', async () => {
    const owner = await makeDiner();
    const { orderId } = await pastOrder(owner);
    const other = await makeDiner();
    const notYours = { status: 404, body: { error: 'You have no order with this id.' } };
    expect(await again(other, orderId)).toEqual(notYours);
    expect(await again(other, 'aaaaaaaaaaaaaaaaaaaaaaaa')).toEqual(notYours);
    expect(await again(other, '{"$ne":null}')).toEqual(notYours);
    expect(await cartOf(other)).toEqual([]);
    expect((await call(againRoute, `/api/orders/${orderId}/again`, { method: 'POST' }, params({ id: orderId }))).status).toBe(401);
  });
});
