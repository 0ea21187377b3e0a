/**
 * The public pages as a crawler and a CDN get them from the production server: the structured
 * data of each is sound schema.org (tests/support/schema-org.ts) and says what the page shows;
 * each carries cache headers a CDN can serve it from, while a signed-in page stays private; each
 * is compressed as the client can read it; and the restaurant's settings reach them, prerendered
 * as they are, within seconds of a save.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken } from '@/lib/auth/session';
import { EmbeddedDb } from '@/lib/db/embedded';
import type { VersionedSettings } from '@/lib/settings/types';
import { scriptsInHtml } from '../../scripts/bench/first-load-js.mjs';
import { startServer, type RunningServer } from '../faults/server';
import { pagesUnder } from '../support/app-pages';
import { jsonLdOf, nodesOf, schemaOrgProblems } from '../support/schema-org';

/**
 * Public pages, found from the tree: an order page with dynamic segments is given as its URLs. A
 * table's page (`/t/{n}`, where its QR code leads) is for the diner at that table, not for
 * crawlers or shared caches: it is checked on its own below.
 */
const PUBLIC_URLS = pagesUnder('app/(site)', '')
  .filter((route) => route !== '/secret' && !route.startsWith('/t/'))
  .flatMap((route) => (route.startsWith('/order/') ? ['/order/salad', '/order/salad/2', '/order/pizza'] : [route]));

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-public-pages-'));
let server: RunningServer;

const DINER = { uid: 'cache-diner', email: 'cache.diner@bistro.test', name: 'Cache Diner' };
const ADMIN = { uid: 'cache-admin', email: 'cache.admin@bistro.test', name: 'Cache Admin', role: 'admin' as const };

beforeAll(async () => {
  // Written before the server starts: it owns the data file from then on.
  const db = await EmbeddedDb.open({ dataDir });
  await db.collection('users').insertMany([DINER, ADMIN]);
  await db.close();
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret });
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, init?: RequestInit) => fetch(`${server.baseUrl}${url}`, { redirect: 'manual', ...init });

describe('structured data', () => {
  it('is sound schema.org on every public page', async () => {
    expect(PUBLIC_URLS).toEqual(expect.arrayContaining(['/', '/menu', '/order/salad']));
    for (const url of PUBLIC_URLS) {
      const docs = jsonLdOf(await (await get(url)).text());
      expect(docs.length, url).toBe(1);
      expect(schemaOrgProblems(docs[0]), url).toEqual([]);
    }
  });

  it('rates the restaurant on / by the reviews guests read there, a new one included', async () => {
    // A review written now regenerates /, so the rating is the server's own, not the build's.
    const res = await fetch(`${server.baseUrl}/api/review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await createSessionToken(DINER, 0)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 1, details: 'Cold soup and a long wait, sadly.' }),
    });
    expect(res.status).toBe(201);
    const reviews = (await (await get('/api/review')).json()) as { rating: number }[];
    const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
    const rating = async () => nodesOf(jsonLdOf(await (await get('/')).text()), 'Restaurant')[0]?.aggregateRating;
    await expect.poll(rating, { timeout: 20_000 }).toMatchObject({ reviewCount: reviews.length, ratingValue: Number(mean.toFixed(2)) });
    const [restaurant] = nodesOf(jsonLdOf(await (await get('/')).text()), 'Restaurant');
    expect(restaurant!.hasMenu).toBe(`${String(restaurant!.url)}/menu`);
  });

  it('lists on /menu and on an order page each dish the page shows, at its price, sold out when it is', async () => {
    const salads = (await (await get('/api/menu?category=salad')).json()) as { name: string; price: number; available: boolean }[];
    expect(salads.length).toBeGreaterThan(6); // the order page's dishes span two pages, all in its data
    for (const url of ['/menu', '/order/salad', '/order/salad/2']) {
      const items = nodesOf(jsonLdOf(await (await get(url)).text()), 'MenuItem');
      for (const salad of salads) {
        const item = items.find((i) => i.name === salad.name);
        expect(item, `${salad.name} on ${url}`).toBeDefined();
        expect(item!.offers).toMatchObject({ price: salad.price.toFixed(2), availability: `https://schema.org/${salad.available ? 'InStock' : 'SoldOut'}` });
      }
    }
    const [menu] = nodesOf(jsonLdOf(await (await get('/order/salad')).text()), 'Menu');
    expect(nodesOf(menu, 'MenuSection').map((s) => s.name)).toContain('Salad');
  });
});

/** The JavaScript a page's HTML loads before it is interactive, found as the benchmark finds it. */
async function firstLoadScripts(url: string, init?: RequestInit): Promise<string> {
  const { urls } = scriptsInHtml(await (await get(url, init)).text(), `${server.baseUrl}${url}`);
  expect(urls.length, url).toBeGreaterThan(0);
  return (await Promise.all(urls.map(async (u) => (await fetch(u)).text()))).join('\n');
}

/** SWR's default options by name: minified code keeps property names, so this finds SWR in a chunk. */
const SWR_MARKER = 'focusThrottleInterval';

describe('first-load JavaScript', () => {
  it("carries no session code on public pages: the top bar's account area loads once the page is idle", async () => {
    for (const url of PUBLIC_URLS) expect(await firstLoadScripts(url), url).not.toContain(SWR_MARKER);
    // The same check finds SWR where it is first-load JavaScript: the dashboard's lists refresh with it.
    const cookie = `bistro_session=${await createSessionToken(DINER, 0)}`;
    expect(await firstLoadScripts('/dashboard/cart', { headers: { cookie } })).toContain(SWR_MARKER);
  });
});

describe('cache headers', () => {
  it('let a CDN keep every public page and serve it stale while it fetches a fresh one', async () => {
    for (const url of PUBLIC_URLS) {
      const res = await get(url);
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      const cacheControl = res.headers.get('cache-control') ?? '';
      expect(cacheControl, url).toMatch(/\bs-maxage=\d+/);
      expect(cacheControl, url).toMatch(/\bstale-while-revalidate=\d+/);
      expect(cacheControl, url).not.toMatch(/private|no-store/);
    }
  });

  it("keep a table's page, read on every visit, out of shared caches and search engines", async () => {
    const res = await get('/t/7');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/s-maxage/);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect((await get('/t/0')).status).toBe(404);
  });

  it("keep a signed-in diner's pages out of shared caches", async () => {
    const cookie = `bistro_session=${await createSessionToken(DINER, 0)}`;
    for (const url of ['/dashboard/cart', '/dashboard/paymentHistory']) {
      const res = await get(url, { headers: { cookie } });
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control') ?? '', url).toMatch(/private|no-store/);
    }
  });
});

/** The bytes as sent, with no decoding: fetch would undo the compression under test. */
function getRaw(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${server.baseUrl}${url}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const BROWSER = 'gzip, deflate, br, zstd';

describe('compression', () => {
  it('sends a page in brotli to a browser that reads it, in gzip to a client that reads only that, and plain otherwise', async () => {
    const plain = await getRaw('/order/salad', { 'accept-encoding': 'identity' });
    const br = await getRaw('/order/salad', { 'accept-encoding': BROWSER });
    const gzip = await getRaw('/order/salad', { 'accept-encoding': 'gzip, deflate' });
    expect([plain.status, br.status, gzip.status]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('Order Food');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    // Brotli is the smaller, and a shared cache keeps one copy per encoding.
    expect(br.body.length).toBeLessThan(gzip.body.length);
    for (const res of [plain, br, gzip]) expect(res.headers.vary ?? '').toMatch(/accept-encoding/i);
  });

  it('compresses the scripts too, and keeps their year-long immutable caching', async () => {
    const html = (await getRaw('/', { 'accept-encoding': 'identity' })).body.toString();
    const [script] = scriptsInHtml(html, `${server.baseUrl}/`).urls;
    expect(script).toBeDefined();
    const res = await getRaw(new URL(script!).pathname, { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(brotliDecompressSync(res.body).length).toBeGreaterThan(res.body.length);
  });

  it("sends a script, from its second request on, at brotli's best quality with Next.js's own head, and as Next.js answers it otherwise", async () => {
    const html = (await getRaw('/menu', { 'accept-encoding': 'identity' })).body.toString();
    const script = new URL(scriptsInHtml(html, `${server.baseUrl}/`).urls.at(-1)!).pathname;
    const plain = await getRaw(script, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    const best = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const perRequest = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    expect(best).toBeLessThan(perRequest);
    // The first request starts its compression; the copy is kept for every later one.
    await expect
      .poll(async () => (await getRaw(script, { 'accept-encoding': BROWSER })).body.length, { timeout: 10_000 })
      .toBeLessThanOrEqual(best);
    const res = await getRaw(script, { 'accept-encoding': BROWSER });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['vary'] ?? '').toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).equals(plain.body)).toBe(true);
    // Sent from memory from then on, with the head Next.js gave it: a request Next.js must answer
    // itself (a condition that does not hold) gets the same headers and bytes.
    const viaNextJs = await getRaw(script, { 'accept-encoding': BROWSER, 'if-none-match': '"another-version"' });
    const { date: _date, ...fromNextJs } = viaNextJs.headers;
    const { date: _date2, ...fromMemory } = (await getRaw(script, { 'accept-encoding': BROWSER })).headers;
    expect(fromMemory).toEqual(fromNextJs);
    expect(fromMemory['x-content-type-options']).toBe('nosniff');
    expect(viaNextJs.body.equals(res.body)).toBe(true);
    const head = await getRaw(script, { 'accept-encoding': BROWSER }, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(res.body.length), 0]);
    // A revalidation, a range and a client without brotli are answered as before.
    const revalidated = await getRaw(script, { 'accept-encoding': BROWSER, 'if-none-match': res.headers.etag! });
    expect([revalidated.status, revalidated.body.length]).toEqual([304, 0]);
    const range = await getRaw(script, { 'accept-encoding': BROWSER, range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.body.equals(plain.body.subarray(0, 100))).toBe(true);
    for (const encodings of ['gzip', 'br;q=0, gzip']) {
      const gzip = await getRaw(script, { 'accept-encoding': encodings });
      expect(gzip.headers['content-encoding'], encodings).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    }
    // The stylesheet is kept the same way.
    const stylesheet = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const css = (await getRaw(stylesheet!, { 'accept-encoding': 'identity' })).body;
    const bestCss = brotliCompressSync(css, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    await expect
      .poll(async () => (await getRaw(stylesheet!, { 'accept-encoding': BROWSER })).body.length, { timeout: 10_000 })
      .toBeLessThanOrEqual(bestCss);
    // A name the build does not have stays a 404, however often it is asked for.
    for (let i = 0; i < 3; i++) expect((await getRaw('/_next/static/chunks/not-a-chunk.js', { 'accept-encoding': BROWSER })).status).toBe(404);
  });

  it("compresses the API's JSON too", async () => {
    const plain = await getRaw('/api/menu', { 'accept-encoding': 'identity' });
    const br = await getRaw('/api/menu', { 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it("streams a signed-in diner's page in brotli, rendered for them", async () => {
    const cookie = `bistro_session=${await createSessionToken(DINER, 0)}`;
    const res = await getRaw('/dashboard/cart', { 'accept-encoding': BROWSER, cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control'] ?? '').toMatch(/private|no-store/);
    expect(brotliDecompressSync(res.body).toString()).toContain(DINER.name);
  });

  it('leaves the order stream as written, so each event goes out at once and no compressor is held per connection', async () => {
    const cookie = `bistro_session=${await createSessionToken(DINER, 0)}`;
    const res = await fetch(`${server.baseUrl}/api/orders/stream`, { headers: { 'accept-encoding': BROWSER, cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.body?.cancel();
  });
});

describe("the restaurant's settings", () => {
  const text = (html: string) => html.replace(/<!-- -->/g, '');

  it('are what the prerendered pages show: the hours as the home page has always said them, the week in the footer and the JSON-LD, a status line', async () => {
    // A fresh database: the environment's defaults, every day 11:00 to 22:00.
    const home = text(await (await get('/')).text());
    expect(home).toContain('>---From 11.00am to 10.00pm---<');
    expect(home).toContain('Open daily 11.00am to 10.00pm');
    const [restaurant] = nodesOf(jsonLdOf(home), 'Restaurant');
    expect(restaurant!.openingHoursSpecification).toHaveLength(7);
    expect(restaurant!.openingHoursSpecification).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'Sunday', opens: '11:00', closes: '22:00' });
    // Rendered when the page was made, and read again by the browser (GET /api/settings/status).
    for (const url of ['/menu', '/order/salad']) expect(text(await (await get(url)).text()), url).toMatch(/data-ordering-status[^>]*>.*?(Open now|Closed, opens)/);
    expect(await (await get('/api/settings/status')).json()).toMatchObject({ text: expect.stringMatching(/^(Open now until 22:00|Closed, opens (today|tomorrow) at 11:00)$/) });
  });

  it('reach the prerendered pages within 5 s of a save, with no rebuild', async () => {
    const headers = { authorization: `Bearer ${await createSessionToken(ADMIN, 0)}`, 'content-type': 'application/json' };
    const { version, settings } = (await (await get('/api/settings', { headers })).json()) as VersionedSettings;
    // Three days a year ahead, and the weekdays they fall on.
    const day = (offset: number) => new Date(Date.now() + (365 + offset) * 86_400_000);
    const closure = { from: day(0).toISOString().slice(0, 10), to: day(2).toISOString().slice(0, 10), note: 'Closed for the holidays' };
    const weekdays = [0, 1, 2].map((offset) => day(offset).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }));
    const next = {
      ...settings,
      restaurant: { ...settings.restaurant, phone: '+1 (555) 010-4242' },
      schedule: { ...settings.schedule, hours: { ...settings.schedule.hours, monday: [] }, closures: [closure] },
    };
    const saved = await get('/api/settings', { method: 'PUT', headers, body: JSON.stringify({ version, settings: next }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const at = Date.now();
    await expect.poll(async () => text(await (await get('/')).text()), { timeout: 5_000, interval: 100 }).toContain('+1 (555) 010-4242');
    expect(Date.now() - at).toBeLessThan(5_000);
    const home = text(await (await get('/')).text());
    expect(home).toContain('Mon: closed');
    const [restaurant] = nodesOf(jsonLdOf(home), 'Restaurant');
    expect(restaurant!.openingHoursSpecification).toHaveLength(6);
    expect(restaurant!.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: expect.arrayContaining(weekdays), opens: '00:00', closes: '00:00', validFrom: closure.from, validThrough: closure.to },
    ]);
    expect(schemaOrgProblems(jsonLdOf(home)[0])).toEqual([]);
  });
});

