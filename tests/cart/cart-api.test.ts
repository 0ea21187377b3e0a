import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getCart, POST as addToCart } from '@/app/api/carts/route';
import { DELETE as deleteCartItem } from '@/app/api/carts/[id]/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import type { AddedToCart, CartItem } from '@/lib/cart/types';
import { collections, toObjectId } from '@/lib/db';
import type { MenuItemDoc } from '@/lib/db/documents';
import { getMenuItem } from '@/lib/menu/queries';
import { MAX_CHARGE_CENTS } from '@/lib/menu/pricing';
import { SITE, call, params } from '../support/http';
import { pricedMenuItems, seedItem } from '../support/menu';
import { makeDiner, type Person } from '../support/people';
import { atTable } from '../support/settings';

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

const add = (caller: Person, json: unknown) => call<Partial<AddedToCart> & { error?: string }>(addToCart, '/api/carts', { as: caller, json });

describe('POST /api/carts', () => {
  it('fills name, picture and price from the menu and the email from the session, whatever the client sends', async () => {
    const forged = { menuId: soup, price: 0.01, email: omar.email, name: 'Free soup', image: 'https://evil.test/x.png' };
    const res = await add(dana, forged);
    expect(res.status).toBe(201);
    expect(res.body.insertedId).toMatch(/^[0-9a-f]{24}$/);

    const item = await getMenuItem(soup);
    const line = (await cartOf(dana)).find((l) => l._id === res.body.insertedId);
    expect(line).toEqual({
      _id: res.body.insertedId,
      menuId: soup,
      email: dana.email,
      name: item!.name,
      image: item!.image,
      price: 14.5,
      quantity: 1,
      options: [],
      lineCents: 1450,
    });
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

  it('lands all of 40 concurrent adds by one user: each distinct line once, identical ones merged', async () => {
    const shopper = await makeDiner({ email: 'busy.shopper@bistro.test' });
    // 20 different notes on the soup, and the same salad 20 times.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => add(shopper, i % 2 ? { menuId: soup, note: `note ${i}` } : { menuId: salad })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(21);
    expect(answers.filter((a) => a.status === 200 && a.body.merged)).toHaveLength(19);
    const cart = await cartOf(shopper);
    expect(cart).toHaveLength(21);
    expect(cart.find((l) => l.menuId === salad)).toMatchObject({ quantity: 20, lineCents: 20 * 995 });
    expect(new Set(cart.map((l) => l._id))).toEqual(new Set(answers.map((a) => a.body.insertedId)));
  });

  it('holds at most 50 lines: the 51st is refused with 409, while a line already there still takes more', async () => {
    const shopper = await makeDiner({ email: 'fifty.lines@bistro.test' });
    for (let i = 0; i < 50; i++) expect((await add(shopper, { menuId: soup, note: `guest ${i}` })).status).toBe(201);
    expect(await add(shopper, { menuId: salad })).toEqual({
      status: 409,
      body: { error: 'Your cart holds 50 lines, the most one order may have. Pay for these first, or add to a line already there.' },
    });
    expect(await add(shopper, { menuId: soup, note: 'guest 7' })).toMatchObject({ status: 200, body: { quantity: 2, merged: true } });
    expect(await cartOf(shopper)).toHaveLength(50);
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

describe('POST /api/carts with options, quantity and a note', () => {
  const SIZE = { name: 'Size', min: 1, max: 1, choices: [{ name: 'Regular', price: 0 }, { name: 'Large', price: 3.5 }] };
  const TOPPINGS = {
    name: 'Extra toppings',
    min: 0,
    max: 3,
    choices: [{ name: 'Olives', price: 1.5 }, { name: 'Rocket', price: 1.25 }, { name: 'Basil', price: 0.5 }, { name: 'Chilli', price: 0.45 }],
  };
  let pizza: string;
  let shopper: Person;
  beforeAll(async () => {
    pizza = await seedItem({ name: 'Test Marinara', category: 'pizza', price: 11.95, options: [SIZE, TOPPINGS] });
  });
  beforeEach(async () => {
    shopper = await makeDiner();
  });

  it('prices (base + chosen extras) × quantity in cents, on the server, whatever order the choices come in', async () => {
    const res = await add(shopper, {
      menuId: pizza,
      quantity: 3,
      options: [{ group: 'Extra toppings', choices: ['Rocket', 'Olives'] }, { group: 'Size', choices: ['Large'] }],
      note: '  well done, please  ',
      price: 0.01,
    });
    expect(res).toEqual({ status: 201, body: { insertedId: expect.any(String), quantity: 3, merged: false } });
    // 11.95 + 3.50 + 1.50 + 1.25 = 18.20, × 3 = 54.60
    expect(await cartOf(shopper)).toEqual([
      {
        _id: res.body.insertedId,
        menuId: pizza,
        email: shopper.email,
        name: 'Test Marinara',
        image: '/images/menu/soup.svg',
        price: 18.2,
        quantity: 3,
        options: [{ group: 'Size', choices: ['Large'] }, { group: 'Extra toppings', choices: ['Olives', 'Rocket'] }],
        note: 'well done, please',
        lineCents: 5460,
      },
    ]);
  });

  it('merges an identical line (same dish, choices in any order, same note) by adding the quantities', async () => {
    const choose = (toppings: string[]) => [{ group: 'Size', choices: ['Regular'] }, { group: 'Extra toppings', choices: toppings }];
    const first = await add(shopper, { menuId: pizza, options: choose(['Olives', 'Basil']), quantity: 2 });
    const again = await add(shopper, { menuId: pizza, options: choose(['Basil', 'Olives']), quantity: 5 });
    expect(again).toEqual({ status: 200, body: { insertedId: first.body.insertedId, quantity: 7, merged: true } });
    // Another note, or other choices, is another line.
    expect((await add(shopper, { menuId: pizza, options: choose(['Olives', 'Basil']), note: 'cut in 8' })).status).toBe(201);
    expect((await add(shopper, { menuId: pizza, options: choose(['Olives']) })).status).toBe(201);
    expect((await cartOf(shopper)).map((l) => [l.quantity, l.lineCents])).toEqual([
      [7, 7 * 1395],
      [1, 1395],
      [1, 1345],
    ]);
  });

  it('merges 20 concurrent identical adds into one line of 20, and refuses the 21st with 409, changing nothing', async () => {
    const options = [{ group: 'Size', choices: ['Large'] }];
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(shopper, { menuId: pizza, options })));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.insertedId)).size).toBe(1);
    const over = await add(shopper, { menuId: pizza, options });
    expect(over).toEqual({
      status: 409,
      body: {
        error:
          'Your cart already holds 20 of this Test Marinara, and one line holds at most 20. Add it with other choices or a note, or pay for these first.',
      },
    });
    expect(await cartOf(shopper)).toEqual([expect.objectContaining({ quantity: 20, lineCents: 20 * 1545 })]);
  });

  it('takes the largest line exactly: $9,999.99 with $999.99 of extras, 20 times, within one card payment', async () => {
    const dear = await seedItem({
      name: 'Whole Truffle',
      price: 9999.99,
      options: [{ name: 'Shavings', min: 0, max: 1, choices: [{ name: 'More', price: 999.99 }] }],
    });
    const res = await add(shopper, { menuId: dear, quantity: 20, options: [{ group: 'Shavings', choices: ['More'] }] });
    expect(res.status).toBe(201);
    const [line] = await cartOf(shopper);
    expect(line).toMatchObject({ price: 10999.98, quantity: 20, lineCents: 21_999_960 });
    expect(line!.lineCents).toBeLessThanOrEqual(MAX_CHARGE_CENTS);
    const intent = await call<{ price: number }>(createIntent, '/api/create-payment-intent', { as: shopper, json: { fulfilment: await atTable() } });
    expect(intent).toMatchObject({ status: 200, body: { price: 219999.6 } });
  });

  it('refuses a cart over what one card payment may be (409) rather than asking the card provider for it', async () => {
    const dear = await seedItem({ name: 'Gold Leaf Cake', price: 9999.99 });
    for (let note = 0; note < 5; note++) expect((await add(shopper, { menuId: dear, quantity: 20, note: `cake ${note}` })).status).toBe(201);
    // 5 × 20 × 9,999.99 = 999,999.00: just within.
    expect(await call(createIntent, '/api/create-payment-intent', { as: shopper, json: { fulfilment: await atTable() } })).toMatchObject({ status: 200, body: { price: 999999 } });
    expect((await add(shopper, { menuId: dear, quantity: 1, note: 'one more' })).status).toBe(201);
    expect(await call(createIntent, '/api/create-payment-intent', { as: shopper, json: { fulfilment: await atTable() } })).toEqual({
      status: 409,
      body: { error: 'Your order comes to $1,009,998.99, more than one card payment may be ($999,999.99). Please order in parts.' },
    });
  });

  const refusals: [string, object, number, string][] = [
    ['a required group left out', { options: [{ group: 'Extra toppings', choices: ['Olives'] }] }, 400, 'Choose a Size.'],
    ['a required group with nothing chosen', { options: [{ group: 'Size', choices: [] }] }, 400, 'Choose a Size.'],
    ['more than max', { options: [{ group: 'Size', choices: ['Regular', 'Large'] }] }, 400, 'Size takes at most 1 choice.'],
    ['four toppings of three', { options: [{ group: 'Size', choices: ['Large'] }, { group: 'Extra toppings', choices: ['Olives', 'Rocket', 'Basil', 'Chilli'] }] }, 400, 'Extra toppings takes at most 3 choices.'],
    ['an unknown group', { options: [{ group: 'Size', choices: ['Large'] }, { group: 'Crust', choices: ['Thin'] }] }, 400, 'This dish has no option group "Crust".'],
    ['an unknown choice', { options: [{ group: 'Size', choices: ['Huge'] }] }, 400, '"Huge" is not a choice of Size.'],
    ['a group given twice', { options: [{ group: 'Size', choices: ['Large'] }, { group: 'Size', choices: ['Large'] }] }, 400, '"Size" is given more than once.'],
    ['a choice given twice', { options: [{ group: 'Size', choices: ['Large', 'Large'] }] }, 400, '"Large" is chosen twice in Size.'],
    ['a quantity of 0', { quantity: 0 }, 400, 'quantity: quantity must be at least 1'],
    ['a negative quantity', { quantity: -2 }, 400, 'quantity: quantity must be at least 1'],
    ['a fractional quantity', { quantity: 1.5 }, 400, 'quantity: quantity must be a whole number'],
    ['a quantity over 20', { quantity: 21 }, 400, 'quantity: quantity must be at most 20'],
    ['a quantity as text', { quantity: '2' }, 400, 'quantity: quantity must be a number'],
    ['a note over 200 characters', { note: 'x'.repeat(201) }, 400, 'note: note must be 200 characters or fewer'],
    ['a note with a line break', { note: 'no onions\nplease' }, 400, 'note: note must be one line of text, without control characters'],
    ['a note with a NUL', { note: 'no\u0000onions' }, 400, 'note: note must be one line of text, without control characters'],
    ['an options object', { options: { group: 'Size' } }, 400, 'options: options must be a list of { group, choices }'],
    ['choices as text', { options: [{ group: 'Size', choices: 'Large' }] }, 400, 'options.0.choices: choices must be a list of names'],
    ['an operator as the group', { options: [{ group: { $ne: '' }, choices: ['Large'] }] }, 400, 'options.0.group: group must be text'],
    ['an operator as a choice', { options: [{ group: 'Size', choices: [{ $gt: '' }] }] }, 400, 'options.0.choices.0: choice must be text'],
    ['an operator as the quantity', { quantity: { $gt: 0 } }, 400, 'quantity: quantity must be a number'],
    ['an operator as the note', { note: { $regex: '.' } }, 400, 'note: note must be text'],
    ['10,000 option entries', { options: Array.from({ length: 10_000 }, () => ({})) }, 400, 'options: At most 8 option groups'],
  ];

  it.each(refusals)('refuses %s with %i naming the problem, and adds nothing', async (_case, body, status, error) => {
    const res = await add(shopper, { menuId: pizza, options: [{ group: 'Size', choices: ['Regular'] }], ...body });
    expect(res).toEqual({ status, body: { error } });
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('answers 409 "Sold out" for a dish the kitchen has run out of', async () => {
    const gone = await seedItem({ name: 'Sold Soup', available: false });
    expect(await add(shopper, { menuId: gone })).toEqual({ status: 409, body: { error: 'Sold out: Sold Soup cannot be ordered right now.' } });
    expect(await cartOf(shopper)).toEqual([]);
  });
});

describe('a line whose dish changed after it was added', () => {
  const checkout = async (caller: Person) => call<{ price?: number; error?: string }>(createIntent, '/api/create-payment-intent', { as: caller, json: { fulfilment: await atTable() } });

  const CHANGED = 'Changing Soup changed on the menu since you added it. Please choose it again or remove it.';
  it.each<[string, Partial<MenuItemDoc>, string, string]>([
    ['sold out', { available: false }, 'sold-out', 'Changing Soup is sold out. Please remove it.'],
    ['repriced', { price: 7.25 }, 'changed', CHANGED],
    ['given a new allergen', { allergens: ['milk'] }, 'changed', CHANGED],
    ['given a required option', { options: [{ name: 'Bread', min: 1, max: 1, choices: [{ name: 'Sourdough', price: 0 }] }] }, 'changed', CHANGED],
  ])('%s: the cart says so, the payment refuses it (409 naming it) until it is removed', async (_case, change, reason, message) => {
    const shopper = await makeDiner();
    const dish = await seedItem({ name: 'Changing Soup', price: 6.5 });
    const kept = await add(shopper, { menuId: soup });
    const { insertedId } = (await add(shopper, { menuId: dish, quantity: 2 })).body;
    const { menu } = await collections();
    await menu.updateOne({ _id: toObjectId(dish)! }, { $set: change });

    const line = (await cartOf(shopper)).find((l) => l._id === insertedId);
    expect(line).toMatchObject({ quantity: 2, lineCents: 1300, attention: { reason, message } });
    expect((await cartOf(shopper)).find((l) => l._id === kept.body.insertedId)).not.toHaveProperty('attention');
    expect(await checkout(shopper)).toEqual({ status: 409, body: { error: message } });

    await call(deleteCartItem, `/api/carts/${insertedId}`, { method: 'DELETE', as: shopper }, params({ id: insertedId! }));
    expect(await checkout(shopper)).toMatchObject({ status: 200, body: { price: 14.5 } });
  });

  it('a dish deleted from the menu: the line says so and is refused at payment', async () => {
    const shopper = await makeDiner();
    const dish = await seedItem({ name: 'Gone Soup' });
    await add(shopper, { menuId: dish });
    const { menu } = await collections();
    await menu.deleteOne({ _id: toObjectId(dish)! });
    expect((await cartOf(shopper))[0]!.attention).toEqual({ reason: 'removed', message: 'Gone Soup is no longer on the menu. Please remove it.' });
    expect(await checkout(shopper)).toEqual({ status: 409, body: { error: 'Gone Soup is no longer on the menu. Please remove it.' } });
  });

  it('a line added again after the change is a new line at the new price, beside the stale one', async () => {
    const shopper = await makeDiner();
    const dish = await seedItem({ name: 'Rising Soup', price: 5 });
    const old = (await add(shopper, { menuId: dish })).body.insertedId;
    const { menu } = await collections();
    await menu.updateOne({ _id: toObjectId(dish)! }, { $set: { price: 6 } });
    const fresh = await add(shopper, { menuId: dish });
    expect(fresh.status).toBe(201);
    expect(fresh.body.insertedId).not.toBe(old);
    expect((await cartOf(shopper)).map((l) => [l.lineCents, l.attention?.reason])).toEqual([
      [500, 'changed'],
      [600, undefined],
    ]);
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
