import { describe, expect, it } from 'vitest';
import { GET as listMenu } from '@/app/api/menu/route';
import { GET as getMenuItemRoute } from '@/app/api/menu/[id]/route';
import { GET as listReviews } from '@/app/api/review/route';
import { MENU_CATEGORIES, type MenuItem } from '@/lib/menu/types';
import type { Review } from '@/lib/reviews/types';

const base = 'http://localhost/api';
const call = <C>(handler: (req: Request, ctx: C) => Promise<Response> | Response, url: string, ctx: C) =>
  handler(new Request(url), ctx);
const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });

describe('GET /api/menu', () => {
  it('answers the seeded menu as an array with string ids', async () => {
    const res = await call(listMenu, `${base}/menu`, undefined);
    expect(res.status).toBe(200);
    const items = (await res.json()) as MenuItem[];
    expect(items.length).toBeGreaterThanOrEqual(40);
    for (const category of MENU_CATEGORIES) expect(items.some((i) => i.category === category)).toBe(true);
    expect(items[0]?._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof items[0]?.price).toBe('number');
  });

  it('filters by a valid category', async () => {
    const res = await call(listMenu, `${base}/menu?category=soup`, undefined);
    const items = (await res.json()) as MenuItem[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(['soup']));
  });

  it.each([
    ['an unknown category', '?category=noodles', /category must be one of/],
    ['an operator in the query', '?category[$ne]=x', /Unrecognized key/],
    ['a repeated parameter', '?category=soup&category=salad', /more than once/],
    ['an unknown parameter', '?sort=price', /Unrecognized key/],
  ])('refuses %s with 400 and a message', async (_name, query, message) => {
    const res = await call(listMenu, `${base}/menu${query}`, undefined);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it('refuses an oversized query string with 400', async () => {
    const res = await call(listMenu, `${base}/menu?category=${'x'.repeat(5000)}`, undefined);
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });
});

describe('GET /api/menu/{id}', () => {
  it('answers one item by id', async () => {
    const [first] = (await (await call(listMenu, `${base}/menu`, undefined)).json()) as MenuItem[];
    const res = await call(getMenuItemRoute, `${base}/menu/${first!._id}`, idCtx(first!._id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
  });

  it('answers 404 for an unknown id and 400 for malformed ones', async () => {
    const unknown = await call(getMenuItemRoute, `${base}/menu/x`, idCtx('aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No menu item has this id.' });
    for (const bad of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '{"$ne":null}', '']) {
      const res = await call(getMenuItemRoute, `${base}/menu/x`, idCtx(bad));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed menu item id.' });
    }
  });
});

describe('GET /api/review', () => {
  it('answers the reviews as an array', async () => {
    const res = await call(listReviews, `${base}/review`, undefined);
    expect(res.status).toBe(200);
    const reviews = (await res.json()) as Review[];
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.details.length).toBeGreaterThanOrEqual(10);
    }
  });
});
