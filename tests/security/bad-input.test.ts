import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addToCart } from '@/lib/cart/cart';
import { collections } from '@/lib/db';
import { SITE } from '../support/http';
import { seedItem } from '../support/menu';
import { makeAdmin, makeDiner, viewerOf } from '../support/people';
import { changeSettings, everyDay } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

/**
 * Every route in app/api (found from the file tree, so a new route cannot be forgotten), every
 * method it exports, fed bad input as an anonymous caller and as an admin (who gets past the
 * authorization checks to the validation). Every answer must be a 4xx with a JSON `{ error }`:
 * no 500, no stack trace, and the database must be exactly as it was before.
 */

process.env.RATE_LIMIT_SCALE = '100000';

const ORIGIN = SITE;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Routes that take no input at all: a junk body or query changes nothing, so 2xx is right. */
const NO_INPUT = new Set([
  'POST /api/logout',
  'GET /api/session',
  'GET /api/review/mine',
  'GET /api/tables',
  'GET /api/settings',
  'GET /api/settings/ordering',
  'GET /api/settings/status',
  'GET /api/menu/kitchen',
]);
/**
 * Bodies that are valid for a route once unknown keys are dropped: POST /api/users takes an
 * optional name only, so `{}` and a body of nothing but pollution keys are a plain "create me".
 * The database snapshot still proves no role was set.
 */
const VALID_WHEN_STRIPPED = new Set(['POST /api/users empty object', 'POST /api/users prototype pollution']);
/**
 * Routes whose whole point, for a signed-in caller, is a change: logout ends the caller's session
 * (tests/auth/viewer.test.ts), new QR codes replace the tables' key (tests/settings/tables.test.ts).
 */
const ANONYMOUS_ONLY = new Set(['POST /api/logout', 'POST /api/tables/key']);

interface RouteFile {
  file: string;
  path: string;
  params: string[];
}

function findRoutes(dir: string): RouteFile[] {
  const found: RouteFile[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) found.push(...findRoutes(full));
    else if (name === 'route.ts') {
      const segments = dir.split('/').slice(1);
      found.push({
        file: full,
        path: `/${segments.join('/')}`,
        params: segments.filter((s) => s.startsWith('[')).map((s) => s.replace(/^\[+\.*|\]+$/g, '')),
      });
    }
  }
  return found;
}

const routes = findRoutes('app/api');

const HUGE = 'x'.repeat(200_000);
const wrongTypes = { menuId: 42, idToken: 7, name: 12, email: true, price: 'free', category: ['salad'], recipe: {}, image: 5, status: 3, rating: 'five', details: 9, date: 20240101, time: 1900, guests: 'many', phone: [], transactionId: {}, number: 4242, cvc: 1, expiry: null, quantity: 'two', options: 'Large', note: 7, available: 'yes', allergens: 'milk', dietary: 1 };
const hugeStrings = Object.fromEntries(Object.entries(wrongTypes).map(([k]) => [k, HUGE]));
const operators = { menuId: { $ne: null }, email: { $gt: '' }, idToken: { $ne: null }, name: { $gt: '' }, status: { $ne: 'x' }, transactionId: { $regex: '.*' }, price: { $gt: 0 }, date: { $gte: '' }, quantity: { $gt: 0 }, options: { $size: 0 }, note: { $regex: '.' }, available: { $ne: true }, allergens: { $nin: [] } };

/** [label, body, content type] */
const BODY_CASES: [string, string | undefined, string][] = [
  ['no body', undefined, 'application/json'],
  ['empty object', '{}', 'application/json'],
  ['wrong types', JSON.stringify(wrongTypes), 'application/json'],
  ['huge strings', JSON.stringify(hugeStrings), 'application/json'],
  ['body over 1 MB', JSON.stringify({ name: 'x'.repeat(1_100_000) }), 'application/json'],
  ['invalid JSON', '{"name": "x",', 'application/json'],
  ['wrong content type', JSON.stringify({ name: 'x' }), 'text/plain'],
  ['form content type', 'name=x&price=1', 'application/x-www-form-urlencoded'],
  ['operators as values', JSON.stringify(operators), 'application/json'],
  ['prototype pollution', '{"__proto__":{"role":"admin","admin":true},"constructor":{"prototype":{"role":"admin"}},"menuId":"x"}', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
];

const QUERY_CASES: [string, string][] = [
  ['operator in query', '?email[$ne]=x&category[$ne]=x&status[$gt]='],
  ['unknown parameter', '?sort=price&__proto__[admin]=1'],
  ['oversized query', `?email=${'x'.repeat(5000)}`],
  ['repeated parameter', '?email=a@b.test&email=c@d.test&category=salad&category=soup'],
  // The paging and filter parameters every list takes (lib/pagination), and any other route refuses.
  ['forged cursor', `?cursor=${Buffer.from('["x",["d",0],"0123456789abcdef01234567"]').toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`],
  ['malformed cursor', '?cursor=%7B%22%24gt%22%3A%22%22%7D'],
  ['limit 0', '?limit=0'],
  ['limit -1', '?limit=-1'],
  ['limit 10000', '?limit=10000'],
  ['limit abc', '?limit=abc'],
  ['from after to', '?from=2025-02-01&to=2025-01-01'],
  ['operator in a filter', '?status[$ne]=pending&role[$gt]='],
  ['pattern as search', '?search=.*'],
  ['search of 10,000 characters', `?search=${'a'.repeat(10_000)}`],
];

const PARAM_CASES: [string, string][] = [
  ['malformed id', 'not-an-id'],
  ['operator id', '{"$ne":null}'],
  ['foreign id', '0123456789abcdef01234567'],
  ['huge id', 'a'.repeat(5000)],
];

async function snapshot() {
  const c = await collections();
  const entries = await Promise.all(
    Object.entries(c).map(async ([name, coll]) => [name, await (coll as typeof c.menu).find({}).sort({ _id: 1 }).toArray()] as const),
  );
  return JSON.stringify(Object.fromEntries(entries));
}

let adminAuth: Record<string, string>;
const tally = { requests: 0, fiveHundreds: 0, byRoute: new Map<string, number>() };

beforeAll(async () => {
  adminAuth = (await makeAdmin({ email: 'bad.input.admin@bistro.test', name: 'Bad Input Admin' })).headers;
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function send(handler: Handler, method: string, url: string, params: Record<string, string>, body: string | undefined, type: string, headers: Record<string, string>) {
  const init: RequestInit = { method, headers: { origin: ORIGIN, ...headers } };
  if (body !== undefined && method !== 'GET') {
    init.body = body;
    (init.headers as Record<string, string>)['content-type'] = type;
  }
  const res = await handler(new Request(`${ORIGIN}${url}`, init), { params: Promise.resolve(params) });
  const text = await res.text();
  tally.requests += 1;
  if (res.status >= 500) tally.fiveHundreds += 1;
  return { status: res.status, text };
}

function expectCleanError(label: string, r: { status: number; text: string }, mustBe4xx: boolean) {
  expect(r.status, `${label}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
  if (mustBe4xx) expect(r.status, `${label}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  if (r.status >= 400) {
    const body = JSON.parse(r.text) as { error?: unknown };
    expect(typeof body.error, label).toBe('string');
  }
  expect(r.text, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

describe('bad input on every API route', () => {
  it('finds the routes from the file tree', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/menu', '/api/carts', '/api/jwt', '/api/users/admin/[key]']));
  });

  for (const route of routes) {
    it(`${route.path}: 4xx with a JSON message, no 500, no database change`, async () => {
      const mod = (await import(resolve(route.file))) as Record<string, Handler | undefined>;
      const before = await snapshot();
      const fakeParams = Object.fromEntries(route.params.map((p) => [p, '0123456789abcdef01234567']));
      const urlFor = (params: Record<string, string>) =>
        route.path.replace(/\[+\.*([^\]]+)\]+/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        const key = `${method} ${route.path}`;
        const noInput = NO_INPUT.has(key);
        for (const [callerName, headers] of [['anonymous', {}], ['admin', adminAuth]] as const) {
          if (callerName === 'admin' && ANONYMOUS_ONLY.has(key)) continue;
          if (method === 'GET') {
            for (const [label, query] of QUERY_CASES) {
              const r = await send(handler, method, `${urlFor(fakeParams)}${query}`, fakeParams, undefined, '', headers);
              expectCleanError(`${key} ${callerName} ${label}`, r, !noInput && (callerName === 'anonymous' ? false : true) && route.params.length === 0 && !['/api/images/[name]'].includes(route.path));
            }
          } else {
            for (const [label, body, type] of BODY_CASES) {
              const r = await send(handler, method, urlFor(fakeParams), fakeParams, body, type, headers);
              expectCleanError(`${key} ${callerName} ${label}`, r, !noInput && !VALID_WHEN_STRIPPED.has(`${key} ${label}`));
            }
          }
          for (const [label, value] of PARAM_CASES) {
            if (!route.params.length) continue;
            const params = Object.fromEntries(route.params.map((p) => [p, value]));
            const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
            const r = await send(handler, method, urlFor(params), params, body, 'application/json', headers);
            expectCleanError(`${key} ${callerName} ${label}`, r, !noInput);
          }
        }
      }
      expect(await snapshot(), `${route.path} changed the database`).toBe(before);
    });
  }

  describe('the cart body, for a dish that exists (so the dish\'s own rules are reached)', () => {
    let dinerAuth: Record<string, string>;
    let pizza: string;
    beforeAll(async () => {
      dinerAuth = (await makeDiner()).headers;
      pizza = await seedItem({
        name: 'Bad Input Pizza',
        category: 'pizza',
        options: [
          { name: 'Size', min: 1, max: 1, choices: [{ name: 'Regular', price: 0 }, { name: 'Large', price: 3.5 }] },
          { name: 'Extra toppings', min: 0, max: 3, choices: ['Olives', 'Rocket', 'Basil', 'Chilli'].map((name) => ({ name, price: 1 })) },
        ],
      });
    });
    const size = [{ group: 'Size', choices: ['Regular'] }];
    const cases: [string, (menuId: string) => unknown][] = [
      ['an unknown option group', (menuId) => ({ menuId, options: [...size, { group: 'Crust', choices: ['Thin'] }] })],
      ['an unknown choice', (menuId) => ({ menuId, options: [{ group: 'Size', choices: ['Huge'] }] })],
      ['a required group missing', (menuId) => ({ menuId, options: [] })],
      ['more choices than max', (menuId) => ({ menuId, options: [...size, { group: 'Extra toppings', choices: ['Olives', 'Rocket', 'Basil', 'Chilli'] }] })],
      ['a negative quantity', (menuId) => ({ menuId, options: size, quantity: -1 })],
      ['a fractional quantity', (menuId) => ({ menuId, options: size, quantity: 2.5 })],
      ['a quantity over 20', (menuId) => ({ menuId, options: size, quantity: 21 })],
      ['a huge quantity', (menuId) => ({ menuId, options: size, quantity: 1e308 })],
      ['a note over 200 characters', (menuId) => ({ menuId, options: size, note: 'x'.repeat(201) })],
      ['a note with control characters', (menuId) => ({ menuId, options: size, note: 'no onions\r\n\u0007' })],
      ['$ operators in the options', (menuId) => ({ menuId, options: [{ group: { $ne: '' }, choices: { $in: ['Large'] } }] })],
      ['$ operators as choices', (menuId) => ({ menuId, options: [{ group: 'Size', choices: [{ $gt: '' }] }] })],
      ['$ operators as the quantity and the note', (menuId) => ({ menuId, options: size, quantity: { $inc: 5 }, note: { $set: 'x' } })],
      ['an options array of 10,000 entries', (menuId) => ({ menuId, options: Array.from({ length: 10_000 }, () => ({ group: 'Size', choices: ['Regular'] })) })],
      ['an options array of 10,000 empty entries', (menuId) => ({ menuId, options: Array.from({ length: 10_000 }, () => ({})) })],
      ['10,000 choices in one group', (menuId) => ({ menuId, options: [{ group: 'Extra toppings', choices: Array.from({ length: 10_000 }, () => 'Olives') }] })],
    ];

    it.each(cases)('POST /api/carts with %s: 4xx { error }, and no database change', async (label, body) => {
      const { POST } = await import('@/app/api/carts/route');
      const before = await snapshot();
      const r = await send(POST as Handler, 'POST', '/api/carts', {}, JSON.stringify(body(pizza)), 'application/json', dinerAuth);
      expectCleanError(label, r, true);
      expect(r.status, r.text).toBeLessThan(500);
      expect(await snapshot(), `${label} changed the database`).toBe(before);
    });
  });

  describe('the checkout body: how the food is got and the tip, for a diner with a cart', () => {
    let dinerAuth: Record<string, string>;
    beforeAll(async () => {
      delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
      const diner = await makeDiner();
      dinerAuth = diner.headers;
      await addToCart(await viewerOf(diner), { menuId: await seedItem({ name: 'Bad Input Soup', category: 'soup', price: 10 }) });
      // Hours with times outside them: 11:00 to 22:00.
      await changeSettings((s) => {
        s.schedule.hours = everyDay(['11:00', '22:00']);
      });
    });
    const today = new Date().toLocaleDateString('en-CA');
    const later = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA');
    const pickup = (date: string, time: unknown) => ({ fulfilment: { kind: 'pickup', date, time } });
    const table = (n: unknown) => ({ fulfilment: { kind: 'table', table: n } });
    const tip = (value: unknown) => ({ ...pickup(later, '12:00'), tip: value });
    const cases: [string, unknown][] = [
      ['a pickup day in the past', pickup('2020-01-01', '12:00')],
      ['a pickup time outside opening hours', pickup(later, '03:00')],
      ['a pickup time that has passed today', pickup(today, '00:00')],
      ['a pickup time off the 15-minute grid', pickup(later, '12:07')],
      ['a malformed pickup time', pickup(later, '25:99')],
      ['a malformed pickup date', pickup('tomorrow', '12:00')],
      ['a pickup time as a number', pickup(later, 1200)],
      ['a pickup more than a week ahead', pickup('2999-01-01', '12:00')],
      ['table 0', table(0)],
      ['a negative table', table(-3)],
      ['a huge table', table(1e12)],
      ['a table the restaurant does not have', table(199)],
      ['a fractional table', table(1.5)],
      ['a table as text', table('7')],
      ['a table without its token', table(7)],
      ['a table with a made-up token', { fulfilment: { kind: 'table', table: 7, token: 'AAAAAAAAAAAAAAAA' } }],
      ['a table with a malformed token', { fulfilment: { kind: 'table', table: 7, token: { $ne: null } } }],
      ['no fulfilment', {}],
      ['an unknown fulfilment', { fulfilment: { kind: 'delivery' } }],
      ['a negative tip', tip({ custom: -1 })],
      ['a tip over the subtotal', tip({ custom: 10.01 })],
      ['a non-numeric tip', tip({ custom: 'lots' })],
      ['a tip percentage not offered', tip({ percent: 50 })],
      ['a tip in cents', tip({ cents: 200 })],
    ];

    it.each(cases)('POST /api/create-payment-intent with %s: 4xx { error }, nothing charged, nothing written', async (label, body) => {
      const { POST } = await import('@/app/api/create-payment-intent/route');
      const before = await snapshot();
      const r = await send(POST as Handler, 'POST', '/api/create-payment-intent', {}, JSON.stringify({ price: 10, ...(body as object) }), 'application/json', dinerAuth);
      expectCleanError(label, r, true);
      expect(await snapshot(), `${label} changed the database`).toBe(before);
    });

    it.each([0, -1, 201, 1e9, 2.5, '12', null])('PUT /api/tables with a count of %s: 400 { error }, nothing written', async (count) => {
      const { PUT } = await import('@/app/api/tables/route');
      const before = await snapshot();
      const r = await send(PUT as Handler, 'PUT', '/api/tables', {}, JSON.stringify({ count }), 'application/json', adminAuth);
      expect(r.status, r.text).toBe(400);
      expectCleanError(`count ${count}`, r, true);
      expect(await snapshot()).toBe(before);
    });
  });

  it('reports what it tried', () => {
    console.log(`[bad-input] ${routes.length} routes, ${tally.requests} requests, ${tally.fiveHundreds} answered 5xx`);
    expect(tally.fiveHundreds).toBe(0);
  });
});
