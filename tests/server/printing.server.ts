/**
 * Kitchen printers against the production server (server.mjs on the build), over HTTP: an admin
 * adds a Star and an Epson printer through the API, diners pay with the demo card, and printers
 * that speak each protocol as documented (tests/support/printers.ts) poll the URLs they were
 * given: each station's ticket arrives once, in the media type asked for, and reads as the order;
 * a printer off for a while prints its backlog in order; a reprint and a cancel slip print; a
 * replaced secret is refused.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken } from '@/lib/auth/session';
import { EmbeddedDb } from '@/lib/db/embedded';
import type { MenuItem } from '@/lib/menu/types';
import type { Order } from '@/lib/orders/types';
import type { PrinterConnection } from '@/lib/printing/types';
import { startServer, type RunningServer } from '../faults/server';
import { EpsonPrinter, StarPrinter } from '../support/printers';

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-printing-'));
let server: RunningServer;
const ADMIN = { uid: 'print-admin', email: 'print.admin@bistro.test', name: 'Print Admin', role: 'admin' as const };
const DINER = { uid: 'print-diner', email: 'print.diner@bistro.test', name: 'Pia Diner' };
const auth: Record<'admin' | 'diner', string> = { admin: '', diner: '' };
let pizza: MenuItem | undefined;
let drink: MenuItem | undefined;

beforeAll(async () => {
  // Written before the server starts: it owns the data file from then on.
  const db = await EmbeddedDb.open({ dataDir });
  await db.collection('users').insertMany([ADMIN, DINER]);
  await db.close();
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret, NEXT_PUBLIC_HOURS_OPEN: '00:00', NEXT_PUBLIC_HOURS_CLOSE: '00:00' });
  auth.admin = `Bearer ${await createSessionToken(ADMIN, 0)}`;
  auth.diner = `Bearer ${await createSessionToken(DINER, 0)}`;
  [pizza] = (await (await fetch(`${server.baseUrl}/api/menu?category=pizza`)).json()) as MenuItem[];
  [drink] = (await (await fetch(`${server.baseUrl}/api/menu?category=drinks`)).json()) as MenuItem[];
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(who: 'admin' | 'diner', method: string, url: string, json?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, { method, headers: { authorization: auth[who], ...(json === undefined ? {} : { 'content-type': 'application/json' }) }, body: json === undefined ? undefined : JSON.stringify(json) });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${body.error}`);
  return body;
}

/** The diner pays for the dishes (required choices: the first ones), for pickup as soon as possible, with the demo card: the order. */
async function pay(dishes: MenuItem[], note?: string): Promise<Order> {
  for (const dish of dishes) {
    const options = dish.options.filter((group) => group.min > 0).map((group) => ({ group: group.name, choices: group.choices.slice(0, group.min).map((c) => c.name) }));
    await call('diner', 'POST', '/api/carts', { menuId: dish._id, options, ...(note ? { note } : {}) });
  }
  const { transactionId } = await call<{ transactionId: string }>('diner', 'POST', '/api/create-payment-intent', { fulfilment: { kind: 'asap' } });
  return (await call<{ order: Order }>('diner', 'POST', '/api/payments/demo-confirm', { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' })).order;
}

describe('printers against the production server', () => {
  let kitchen: PrinterConnection;
  let bar: PrinterConnection;

  it('prints each station its ticket once, in the media type asked for, reading as the order', async () => {
    kitchen = await call<PrinterConnection>('admin', 'POST', '/api/printers', { name: 'Kitchen', protocol: 'star-cloudprnt', paperWidth: 80, copies: 1, stations: ['kitchen'] });
    bar = await call<PrinterConnection>('admin', 'POST', '/api/printers', { name: 'Bar', protocol: 'epson-sdp', paperWidth: 58, copies: 1, stations: ['bar'] });
    expect(kitchen.url).toMatch(new RegExp(`^${server.baseUrl}/api/print/star/[\\w-]{43}$`));
    const star = new StarPrinter(kitchen.url);
    const epson = new EpsonPrinter(bar.url);
    expect(await star.drain()).toEqual([]);
    expect(await epson.drain()).toEqual([]);

    const order = await pay([pizza!, drink!], 'Cut in eight');
    const [ticket, ...more] = await star.drain();
    expect(more).toEqual([]);
    expect(ticket!.mediaType).toBe('application/vnd.star.starprnt');
    const text = ticket!.lines.join('\n');
    expect(ticket!.lines[0]).toBe(`#${order.number}`);
    expect(text).toMatch(/Pickup \d\d:\d\d/);
    expect(text).toContain('Pia Diner');
    expect(text).toContain(`1x ${pizza!.name}`);
    expect(text).toContain('Note: Cut in eight');
    expect(text).not.toContain(drink!.name);
    if (pizza!.allergens.length) expect(text).toContain('ALLERGENS:');

    const [drinks] = await epson.drain();
    expect(drinks!.mediaType).toBe('ePOS-Print XML');
    expect(drinks!.lines.join('\n')).toContain(`1x ${drink!.name}`);
    expect(drinks!.lines.join('\n')).not.toContain(pizza!.name);
    expect(await star.drain()).toEqual([]);
    expect(await epson.drain()).toEqual([]);
  });

  it('prints the backlog in order when a printer comes back, then a reprint and a cancel slip', async () => {
    const star = new StarPrinter(kitchen.url);
    star.status = '410 Paper Out';
    const first = await pay([pizza!]);
    const second = await pay([pizza!]);
    expect(await star.cycle()).toBeNull();
    star.status = '200 OK';
    expect((await star.drain()).map((p) => p.lines[0])).toEqual([`#${first.number}`, `#${second.number}`]);

    expect(await call('admin', 'POST', `/api/orders/${first._id}/reprint`)).toEqual({ queued: 1 });
    const [copy] = await star.drain();
    expect(copy!.lines.slice(0, 2)).toEqual(['REPRINT', `#${first.number}`]);

    await call('admin', 'PATCH', `/api/orders/${second._id}`, { status: 'cancelled' });
    const [slip] = await star.drain();
    expect(slip!.lines.slice(0, 2)).toEqual(['CANCELLED', `#${second.number}`]);
    expect((await new EpsonPrinter(bar.url).drain()).map((p) => p.lines)).toEqual([]);
  });

  it('refuses a replaced secret with 401 and nothing else', async () => {
    const rotated = await call<PrinterConnection>('admin', 'POST', `/api/printers/${kitchen.printer._id}/secret`);
    const old = await new StarPrinter(kitchen.url).poll();
    expect(old).toEqual({ status: 401, body: { error: 'This printer URL is not known here. Copy the URL from the Printers page again.' } });
    expect((await new StarPrinter(rotated.url).poll()).body).toEqual({ jobReady: false });
  });
});
