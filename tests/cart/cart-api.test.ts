import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getCart, POST as addToCart } from '@/app/api/carts/route';
import { DELETE as deleteCartItem } from '@/app/api/carts/[id]/route';
import type { CartItem } from '@/lib/cart/types';
import { getMenuItem } from '@/lib/menu/queries';
import { SITE, call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, type Person } from '../support/people';

let dana: Person;
let omar: Person;
let soup: string;
let salad: string;

beforeAll(async () => {
  dana = await makeDiner({ email: 'dana@bistro.test' });
  omar = await makeDiner({ email: 'omar@bistro.test' });
  ({ soup, salad } = await pricedMenuItems());
});

const cartOf = async (caller: Person) =>
  (await call<CartItem[]>(getCart, `/api/carts?email=${encodeURIComponent(caller.email)}`, { as: caller })).body;

const add = (caller: Person, json: unknown) => call<{ insertedId?: string; error?: string }>(addToCart, '/api/carts', { as: caller, json });

describe('POST /api/carts', () => {
  it('fills name, picture and price from the menu and the email from the session, whatever the client sends', async () => {
    const forged = { menuId: soup, price: 0.01, email: omar.email, name: 'Free soup', image: 'https://evil.test/x.png' };
    const res = await add(dana, forged);
    expect(res.status).toBe(201);
    expect(res.body.insertedId).toMatch(/^[0-9a-f]{24}$/);

    const item = await getMenuItem(soup);
    const line = (await cartOf(dana)).find((l) => l._id === res.body.insertedId);
    expect(line).toEqual({ _id: res.body.insertedId, menuId: soup, email: dana.email, name: item!.name, image: item!.image, price: 14.5 });
    expect((await cartOf(omar)).some((l) => l._id === res.body.insertedId)).toBe(false);
  });

  it('answers 404 for an unknown menu item and 400 for a malformed or missing one', async () => {
    expect(await add(dana, { menuId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).toEqual({ status: 404, body: { error: 'No menu item has this id.' } });
    for (const json of [{ menuId: 'abc' }, { menuId: { $ne: null } }, {}, []]) {
      const res = await add(dana, json);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/menuId|expected object/);
    }
    const notJson = await call(addToCart, '/api/carts', { as: dana, body: `menuId=${soup}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
  });

  it('lands all of 50 concurrent adds by one user', async () => {
    const shopper = await makeDiner({ email: 'busy.shopper@bistro.test' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => add(shopper, { menuId: i % 2 ? soup : salad })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const ids = new Set(answers.map((a) => a.body.insertedId));
    expect(ids.size).toBe(50);
    const cart = await cartOf(shopper);
    expect(cart).toHaveLength(50);
    expect(new Set(cart.map((l) => l._id))).toEqual(ids);
  });

  it('works with the session cookie from our own pages and refuses it from another origin', async () => {
    const ok = await call(addToCart, '/api/carts', { cookieOf: dana, origin: SITE, json: { menuId: salad } });
    expect(ok.status).toBe(201);
    const forged = await call(addToCart, '/api/carts', { cookieOf: dana, origin: 'https://evil.test', json: { menuId: salad } });
    expect(forged).toEqual({ status: 403, body: { error: 'Cross-origin request refused.' } });
    const noOrigin = await call(addToCart, '/api/carts', { cookieOf: dana, json: { menuId: salad } });
    expect(noOrigin.status).toBe(403);
  });

  it('asks an anonymous visitor to log in', async () => {
    expect(await call(addToCart, '/api/carts', { json: { menuId: soup } })).toEqual({ status: 401, body: { error: 'Please log in.' } });
  });
});

describe('GET /api/carts?email=', () => {
  it("answers the caller's own cart, by Bearer or by cookie", async () => {
    const viaCookie = await call<CartItem[]>(getCart, `/api/carts?email=${dana.email}`, { cookieOf: dana });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.length).toBeGreaterThan(0);
    expect(viaCookie.body.every((l) => l.email === dana.email)).toBe(true);
    expect(await cartOf(dana)).toEqual(viaCookie.body);
  });

  it("refuses another user's cart with 403 and an anonymous visitor with 401", async () => {
    expect(await call(getCart, `/api/carts?email=${omar.email}`, { as: dana })).toEqual({
      status: 403,
      body: { error: "You may only see your own account's data." },
    });
    expect((await call(getCart, `/api/carts?email=${dana.email}`)).status).toBe(401);
  });

  it.each([
    ['no email', ''],
    ['a malformed email', '?email=dana'],
    ['a repeated email', `?email=${'dana@bistro.test'}&email=${'dana@bistro.test'}`],
    ['an operator', '?email[$ne]=x'],
    ['an unknown parameter', `?email=${'dana@bistro.test'}&all=1`],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await call<{ error: string }>(getCart, `/api/carts${query}`, { as: dana });
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTruthy();
  });
});

describe('DELETE /api/carts/{id}', () => {
  const remove = (caller: Person | undefined, id: string, extra: Partial<Parameters<typeof call>[2]> = {}) =>
    call<{ deletedCount?: number; error?: string }>(deleteCartItem, `/api/carts/${id}`, { method: 'DELETE', as: caller, ...extra }, params({ id }));

  it("deletes the caller's own line once, then answers 404", async () => {
    const { insertedId } = (await add(dana, { menuId: salad })).body;
    expect(await remove(dana, insertedId!)).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await remove(dana, insertedId!)).toEqual({ status: 404, body: { error: 'No item in your cart has this id.' } });
    expect((await cartOf(dana)).some((l) => l._id === insertedId)).toBe(false);
  });

  it("leaves another user's line alone: 404, as for a line that does not exist", async () => {
    const { insertedId } = (await add(omar, { menuId: soup })).body;
    expect(await remove(dana, insertedId!)).toEqual({ status: 404, body: { error: 'No item in your cart has this id.' } });
    expect((await cartOf(omar)).some((l) => l._id === insertedId)).toBe(true);
  });

  it('answers 400 for a malformed id and 401 for an anonymous visitor', async () => {
    expect(await remove(dana, 'not-an-id')).toEqual({ status: 400, body: { error: 'Malformed cart item id.' } });
    const { insertedId } = (await add(dana, { menuId: soup })).body;
    expect((await remove(undefined, insertedId!)).status).toBe(401);
  });

  it('refuses a cookie request from another origin and accepts one from ours', async () => {
    const { insertedId } = (await add(dana, { menuId: soup })).body;
    expect((await remove(undefined, insertedId!, { cookieOf: dana, origin: 'https://evil.test' })).status).toBe(403);
    expect(await remove(undefined, insertedId!, { cookieOf: dana, origin: SITE })).toEqual({ status: 200, body: { deletedCount: 1 } });
  });
});
