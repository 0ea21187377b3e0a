/** Menu writes: what admins may send, what is stored, and that the public pages are refreshed. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidatePath } from 'next/cache';
import { POST as addItem } from '@/app/api/menu/route';
import { DELETE as deleteItem, GET as getItem, PATCH as updateItem } from '@/app/api/menu/[id]/route';
import { collections, toObjectId } from '@/lib/db';
import type { MenuItem } from '@/lib/menu/types';
import { menuItemFormSchemas, newMenuItemSchema } from '@/lib/menu/schemas';
import { errorOf, params, request } from '../support/http';
import { PNG } from '../support/images';
import { seedItem } from '../support/menu';
import { makeAdmin, type Person } from '../support/people';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const valid = { name: 'Harissa Carrots', category: 'salad', price: 11.5, recipe: 'Carrots, harissa, yoghurt', image: '/api/images/x.png' };
/** What an item sent without availability, allergens, tags or options is stored with. */
const DEFAULTS = { available: true, allergens: [], dietary: [], options: [], kitchenLoad: 1 };
const SIZE = { name: 'Size', min: 1, max: 1, choices: [{ name: 'Regular', price: 0 }, { name: 'Large', price: 3.5 }] };
const TOPPINGS = { name: 'Extra toppings', min: 0, max: 3, choices: ['Olives', 'Rocket', 'Basil', 'Chilli'].map((name) => ({ name, price: 1.25 })) };
/** The admin form's fields beyond the server's, as an empty form starts. */
const FORM = { ...DEFAULTS, recipe: '' };

let admin: Person;
beforeEach(async () => {
  admin ??= await makeAdmin();
  vi.mocked(revalidatePath).mockClear();
});

const post = (json: unknown) => addItem(request('POST', '/api/menu', { headers: admin.headers, json }), undefined);
const patch = (id: string, json: unknown) => updateItem(request('PATCH', `/api/menu/${id}`, { headers: admin.headers, json }), params({ id }));
const remove = (id: string) => deleteItem(request('DELETE', `/api/menu/${id}`, { headers: admin.headers }), params({ id }));
const read = async (id: string) => (await (await getItem(request('GET', `/api/menu/${id}`), params({ id }))).json()) as MenuItem;

function expectMenuPagesRevalidated() {
  const calls = vi.mocked(revalidatePath).mock.calls;
  expect(calls).toEqual(
    expect.arrayContaining([['/'], ['/menu'], ['/(site)/order/[category]/[[...page]]', 'page'], ['/sitemap.xml']]),
  );
}

describe('POST /api/menu', () => {
  it('adds the item, answers { insertedId } and refreshes the public pages', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect(insertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(await read(insertedId)).toEqual({ _id: insertedId, ...valid, ...DEFAULTS });
    expectMenuPagesRevalidated();
  });

  it('drops unknown fields and stores a missing recipe as empty text', async () => {
    const res = await post({ ...valid, recipe: undefined, _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', role: 'admin', createdAt: 'yesterday', $where: '1' });
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect(insertedId).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    const { menu } = await collections();
    const doc = await menu.findOne({ _id: toObjectId(insertedId)! });
    expect(Object.keys(doc!).sort()).toEqual(['_id', 'allergens', 'available', 'category', 'createdAt', 'dietary', 'image', 'kitchenLoad', 'name', 'options', 'price', 'recipe']);
    expect(doc!.recipe).toBe('');
    expect(doc!.createdAt).toBeInstanceOf(Date);
  });

  it('stores allergens and tags once each, in the legal list order, with the option groups as sent', async () => {
    const res = await post({ ...valid, available: false, allergens: ['milk', 'gluten', 'milk'], dietary: ['vegan', 'vegetarian'], options: [SIZE, TOPPINGS] });
    expect(res.status).toBe(201);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect(await read(insertedId)).toEqual({
      _id: insertedId,
      ...valid,
      available: false,
      allergens: ['gluten', 'milk'],
      dietary: ['vegetarian', 'vegan'],
      options: [SIZE, TOPPINGS],
      kitchenLoad: 1,
    });
  });

  it("keeps a dish's kitchen load: what one counts against a pickup slot's capacity", async () => {
    const { insertedId } = (await (await post({ ...valid, kitchenLoad: 2 })).json()) as { insertedId: string };
    expect((await read(insertedId)).kitchenLoad).toBe(2);
    expect(await (await patch(insertedId, { kitchenLoad: 0 })).json()).toEqual({ modifiedCount: 1 });
    expect((await read(insertedId)).kitchenLoad).toBe(0);
  });

  it('trims the text fields', async () => {
    const { insertedId } = (await (await post({ ...valid, name: '  Spaced Out  ', recipe: ' a, b ' })).json()) as { insertedId: string };
    expect(await read(insertedId)).toMatchObject({ name: 'Spaced Out', recipe: 'a, b' });
  });

  const invalid: [string, string, unknown, string][] = [
    ['name', 'missing', undefined, 'Name is required'],
    ['name', 'blank', '   ', 'Name is required'],
    ['name', 'too long', 'x'.repeat(81), 'Name must be 80 characters or fewer'],
    ['category', 'missing', undefined, 'Category is required'],
    ['category', 'unknown', 'noodles', 'Category must be one of salad, pizza, soup, dessert, drinks, offered, popular'],
    ['price', 'missing', undefined, 'Price is required'],
    ['price', 'text', '12.50', 'Price must be a number'],
    ['price', 'zero', 0, 'Price must be above 0'],
    ['price', 'negative', -3, 'Price must be above 0'],
    ['price', 'three decimals', 12.345, 'Price can have at most 2 decimals'],
    ['price', 'too high', 10_000, 'Price must be at most 9999.99'],
    ['recipe', 'not text', 42, 'Recipe must be text'],
    ['recipe', 'too long', 'x'.repeat(1001), 'Recipe must be 1000 characters or fewer'],
    ['image', 'missing', undefined, 'Image is required'],
    ['image', 'a javascript: URL', 'javascript:alert(1)', 'Image must be a path on this site or an https URL'],
    ['image', 'protocol-relative', '//evil.example/x.png', 'Image must be a path on this site or an https URL'],
    ['image', 'plain http', 'http://images.example/x.png', 'Image must be a path on this site or an https URL'],
    ['kitchenLoad', 'below 0', -1, 'Kitchen load must not be below 0'],
    ['kitchenLoad', 'a fraction', 1.5, 'Kitchen load must be a whole number'],
    ['kitchenLoad', 'too high', 101, 'Kitchen load must be at most 100'],
    ['kitchenLoad', 'text', '2', 'Kitchen load must be a number'],
  ];

  const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Choice ${i}`, price: 1 }));
  const group = (changes: object) => ({ ...TOPPINGS, ...changes });
  const badOptions: [string, unknown, string][] = [
    ['not a list', 'Size', 'options: Options must be a list of groups'],
    ['nine groups', Array.from({ length: 9 }, (_, i) => group({ name: `Group ${i}` })), 'options: At most 8 option groups'],
    ['two groups of one name', [SIZE, { ...SIZE, name: 'size' }], 'options: "size" is a group twice'],
    ['a group without a name', [group({ name: ' ' })], 'options.0.name: Group name is required'],
    ['a group name of 41 characters', [group({ name: 'x'.repeat(41) })], 'options.0.name: Group name must be 40 characters or fewer'],
    ['a group name with a line break', [group({ name: 'Extra\ntoppings' })], 'options.0.name: Group name must not contain control characters'],
    ['no choices', [group({ choices: [] })], 'options.0.choices: Add at least one choice'],
    ['thirteen choices', [group({ choices: choices(13), max: 3 })], 'options.0.choices: At most 12 choices per group'],
    ['a choice twice', [group({ choices: [...choices(2), { name: 'choice 1', price: 2 }] })], 'options.0.choices: "choice 1" is a choice twice'],
    ['a negative extra', [group({ choices: [{ name: 'Olives', price: -1 }] , max: 1 })], 'options.0.choices.0.price: Extra price must not be negative'],
    ['an extra of three decimals', [group({ choices: [{ name: 'Olives', price: 1.255 }], max: 1 })], 'options.0.choices.0.price: Extra price can have at most 2 decimals'],
    ['an extra over 999.99', [group({ choices: [{ name: 'Gold leaf', price: 1000 }], max: 1 })], 'options.0.choices.0.price: Extra price must be at most 999.99'],
    ['a fractional max', [group({ max: 1.5 })], 'options.0.max: Most choices must be a whole number'],
    ['a max of 0', [group({ max: 0 })], 'options.0.max: Most choices must be at least 1'],
    ['min above max', [group({ min: 3, max: 2 })], 'options.0.min: Least choices must not be above most choices'],
    ['max above the choices', [group({ max: 5 })], 'options.0.max: Most choices must not be above the number of choices'],
    ['an operator for a name', [group({ name: { $ne: '' } })], 'options.0.name: Group name must be text'],
  ];

  it.each(badOptions)('refuses option groups with %s, naming where', async (_case, options, message) => {
    const res = await post({ ...valid, options });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses a dish that could cost more, with its dearest choices, than 20 of it may in one card payment', async () => {
    // 9,999.99 + 8 groups × 4 × 999.99 = 41,999.67: within $49,999.99; with 6 in each, 57,999.51 is not.
    const dear = (name: string) => ({ name, min: 0, max: 4, choices: choices(4).map((c) => ({ ...c, price: 999.99 })) });
    const eight = Array.from({ length: 8 }, (_, i) => dear(`Group ${i}`));
    expect((await post({ ...valid, price: 9999.99, options: eight.slice(0, 8) })).status).toBe(201);
    const over = eight.map((g) => ({ ...g, choices: choices(6).map((c) => ({ ...c, price: 999.99 })), max: 6 }));
    const res = await post({ ...valid, price: 9999.99, options: over });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('options: With its dearest choices one would cost $57,999.51; the most is $49,999.99');
  });

  it.each([
    ['allergens', ['milk', 'peanut'], 'allergens.1: Allergens must be among celery, gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, nuts, peanuts, sesame, soya, sulphites'],
    ['allergens', 'milk', 'allergens: Allergens must be a list'],
    ['allergens', Array(15).fill('milk'), 'allergens: Allergens: at most 14'],
    ['dietary', ['pescatarian'], 'dietary.0: Dietary tags must be among vegetarian, vegan'],
    ['available', 'no', 'available: Available must be true or false'],
  ])('refuses %s of %j with 400 naming the field', async (field, value, message) => {
    const res = await post({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
  });

  it.each(invalid)('refuses a %s that is %s with 400 naming the field', async (field, _case, value, message) => {
    const res = await post({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(`${field}: ${message}`);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON', async () => {
    const res = await addItem(request('POST', '/api/menu', { headers: { ...admin.headers, 'content-type': 'text/plain' }, body: 'name=x' }), undefined);
    expect(res.status).toBe(415);
  });
});

describe('the admin form validates with the server schema', () => {
  const picture = new File([PNG], 'dish.png', { type: 'image/png' });
  it.each(['name', 'category', 'price', 'recipe'] as const)('gives the same message for a bad %s', async (field) => {
    const bad = { name: '', category: 'noodles', price: 12.345, recipe: 'x'.repeat(1001) }[field];
    const server = newMenuItemSchema.safeParse({ ...valid, [field]: bad });
    const form = await menuItemFormSchemas.add.safeParseAsync({ ...FORM, ...valid, image: picture, [field]: bad });
    expect(form.error?.issues.map((i) => i.message)).toEqual(server.error?.issues.map((i) => i.message));
  });

  it('needs a picture to add but not to update, and checks it by content and size', async () => {
    const withoutImage = { ...FORM, name: 'x', category: 'soup', price: 1 };
    expect((await menuItemFormSchemas.add.safeParseAsync(withoutImage)).error?.issues[0]?.message).toBe('Image is required');
    expect((await menuItemFormSchemas.update.safeParseAsync(withoutImage)).success).toBe(true);
    const text = new File(['not a picture'], 'dish.png', { type: 'image/png' });
    expect((await menuItemFormSchemas.update.safeParseAsync({ ...withoutImage, image: text })).error?.issues[0]?.message).toBe(
      'The file must be a JPEG, PNG or WebP image.',
    );
    const huge = new File([PNG, new Uint8Array(2 * 1024 * 1024)], 'dish.png', { type: 'image/png' });
    expect((await menuItemFormSchemas.update.safeParseAsync({ ...withoutImage, image: huge })).error?.issues[0]?.message).toBe(
      'The image is 2.1 MB; it must be 2 MB or smaller.',
    );
  });
});

describe('the admin form and the server agree on option groups', () => {
  it('gives the same message for the same bad group', async () => {
    const options = [{ ...TOPPINGS, max: 9 }];
    const server = newMenuItemSchema.safeParse({ ...valid, options });
    const form = await menuItemFormSchemas.update.safeParseAsync({ ...FORM, ...valid, image: undefined, options });
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(server.error?.issues.map((i) => [i.path.join('.'), i.message]));
    expect(server.error?.issues[0]?.message).toBe('Most choices must not be above the number of choices');
  });
});

describe('PATCH /api/menu/{id}', () => {
  it('changes only the fields sent; without an image the old one stays', async () => {
    const id = await seedItem({ image: '/images/menu/old.svg' });
    const res = await patch(id, { name: 'Renamed Soup', price: 10.25, extra: 'ignored' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await read(id)).toMatchObject({ name: 'Renamed Soup', price: 10.25, image: '/images/menu/old.svg', category: 'soup' });
    expectMenuPagesRevalidated();
  });

  it('answers modifiedCount 0 when nothing differs, and leaves the pages alone', async () => {
    const id = await seedItem();
    const res = await patch(id, { name: 'Test Soup' });
    expect(await res.json()).toEqual({ modifiedCount: 0 });
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('marks a dish sold out and available again, refreshing the public pages each time', async () => {
    const id = await seedItem();
    expect(await (await patch(id, { available: false })).json()).toEqual({ modifiedCount: 1 });
    expect((await read(id)).available).toBe(false);
    expectMenuPagesRevalidated();
    vi.mocked(revalidatePath).mockClear();
    await patch(id, { available: true });
    expect((await read(id)).available).toBe(true);
    expectMenuPagesRevalidated();
  });

  it('edits the option groups alone, and holds a new price or new options to the ceiling with what is stored', async () => {
    const id = await seedItem({ price: 9999.99 });
    expect((await patch(id, { options: [SIZE] })).status).toBe(200);
    expect((await read(id)).options).toEqual([SIZE]);
    const dear = Array.from({ length: 8 }, (_, i) => ({ name: `Group ${i}`, min: 0, max: 6, choices: Array.from({ length: 6 }, (_, j) => ({ name: `C${j}`, price: 999.99 })) }));
    const refused = await patch(id, { options: dear });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatch(/^options: With its dearest choices one would cost \$57,999\.51/);
    expect((await read(id)).options).toEqual([SIZE]);
  });

  it('reads a dish stored without the new fields as available, with no allergens, tags or options', async () => {
    const id = await seedItem();
    expect(await read(id)).toMatchObject(DEFAULTS);
  });

  it('replaces the picture when a new one is sent', async () => {
    const id = await seedItem();
    await patch(id, { image: 'https://i.ibb.co/abc/new.png' });
    expect((await read(id)).image).toBe('https://i.ibb.co/abc/new.png');
  });

  it('validates each field sent with the same rules', async () => {
    const id = await seedItem();
    for (const [field, value, message] of [
      ['price', 0, 'price: Price must be above 0'],
      ['category', 'noodles', 'category: Category must be one of salad, pizza, soup, dessert, drinks, offered, popular'],
      ['name', ' ', 'name: Name is required'],
      ['image', '//evil.example/x.png', 'image: Image must be a path on this site or an https URL'],
    ] as const) {
      const res = await patch(id, { [field]: value });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    const empty = await patch(id, { unknown: 1 });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe('Send at least one field to change');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await patch('aaaaaaaaaaaaaaaaaaaaaaaa', { price: 2 })).status).toBe(404);
    const bad = await patch('nope', { price: 2 });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Malformed menu item id.');
  });
});

describe('DELETE /api/menu/{id}', () => {
  it('deletes the item, answers { deletedCount } and refreshes the public pages', async () => {
    const id = await seedItem();
    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect((await getItem(request('GET', `/api/menu/${id}`), params({ id }))).status).toBe(404);
    expectMenuPagesRevalidated();
  });

  it('answers 404 the second time and 400 for a malformed id', async () => {
    const id = await seedItem();
    await remove(id);
    expect((await remove(id)).status).toBe(404);
    expect((await remove('{"$ne":null}')).status).toBe(400);
  });
});
