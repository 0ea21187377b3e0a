/**
 * Kitchen printers through their handlers, called with real Requests: who may use the Printers
 * API, what each protocol's printer receives for a paid order (once each, by station, in the
 * media type it asked for), backlogs, reprints and cancel slips, and what a wrong secret or a
 * malformed message gets, which must change nothing.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as starRoute from '@/app/api/print/star/[token]/route';
import * as epsonRoute from '@/app/api/print/epson/[token]/route';
import { GET as listPrinters, POST as addPrinter } from '@/app/api/printers/route';
import { DELETE as removePrinter, PATCH as changePrinter } from '@/app/api/printers/[id]/route';
import { POST as rotateSecret } from '@/app/api/printers/[id]/secret/route';
import { GET as preview } from '@/app/api/printers/[id]/preview/route';
import { GET as readSetup, PUT as saveSetup } from '@/app/api/printers/setup/route';
import { GET as ledger } from '@/app/api/printers/jobs/route';
import { GET as alerts } from '@/app/api/printers/alerts/route';
import { POST as reprint } from '@/app/api/orders/[id]/reprint/route';
import { PATCH as patchOrder } from '@/app/api/orders/[id]/route';
import { collections } from '@/lib/db';
import { addToCart } from '@/lib/cart/cart';
import { placeOrder } from '@/lib/orders/place';
import { startCheckout } from '@/lib/payments/open';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { printerSeenWithin } from '@/lib/printing/presence';
import type { PrintJob, Printer, PrinterAlerts, PrinterConnection, PrintSetup } from '@/lib/printing/types';
import { errorOf, params, request } from '../support/http';
import { seedItem } from '../support/menu';
import { callers, contactOf, makeAdmin, makeDiner, viewerOf, type CallerKind } from '../support/people';
import { atTable } from '../support/settings';
import { EpsonPrinter, handlerSend, StarPrinter } from '../support/printers';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const send = handlerSend({ star: starRoute, epson: epsonRoute });
let who: Record<CallerKind, Record<string, string>>;
let pizza: string;
let lemonade: string;

beforeAll(async () => {
  who = await callers();
  pizza = await seedItem({ name: 'Quattro Formaggi', category: 'pizza', price: 14, allergens: ['gluten', 'milk'] });
  lemonade = await seedItem({ name: 'Lemonade', category: 'drinks', price: 4 });
});

async function add(json: Record<string, unknown>): Promise<PrinterConnection> {
  const res = await addPrinter(request('POST', '/api/printers', { headers: who.admin, json: { paperWidth: 80, copies: 1, ...json } }), undefined);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as PrinterConnection;
}

/** A diner pays for the dishes at table 1 with the demo card, as the payment page does: the order's id. */
async function paidOrder(dishes: { menuId: string; note?: string }[] = [{ menuId: pizza }]): Promise<string> {
  const diner = await viewerOf(await makeDiner({ name: 'Dana Printer' }));
  for (const dish of dishes) await addToCart(diner, dish);
  const { transactionId } = await startCheckout(diner, { fulfilment: await atTable(), ...contactOf(diner) });
  const { order } = await confirmDemoPayment(diner, { transactionId, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
  return order._id;
}

async function jobsOf(orderId: string) {
  const { printJobs } = await collections();
  return printJobs.find({ orderId: new ObjectId(orderId) }).toArray();
}

async function clearPrinters() {
  const { printers } = await collections();
  await printers.deleteMany({});
}

describe('who may use the Printers API', () => {
  it('401 for nobody, 403 below the role, with no data; the role itself is served', async () => {
    const { printer } = await add({ name: 'Matrix printer', protocol: 'star-cloudprnt', stations: ['kitchen'] });
    const order = await paidOrder();
    const id = printer._id;
    const cases: [string, (headers: Record<string, string>) => Response | Promise<Response>, 'staff' | 'admin'][] = [
      ['GET /api/printers', (h) => listPrinters(request('GET', '/api/printers', { headers: h }), undefined), 'admin'],
      ['POST /api/printers', (h) => addPrinter(request('POST', '/api/printers', { headers: h, json: { name: 'Another', protocol: 'epson-sdp', paperWidth: 58, copies: 1, stations: ['bar'] } }), undefined), 'admin'],
      ['PATCH /api/printers/{id}', async (h) => changePrinter(request('PATCH', `/api/printers/${id}`, { headers: h, json: { name: 'Renamed', protocol: 'star-cloudprnt', paperWidth: 80, copies: 1, stations: ['kitchen'], updatedAt: (await current(id)).updatedAt } }), params({ id })), 'admin'],
      ['POST /api/printers/{id}/secret', (h) => rotateSecret(request('POST', `/api/printers/${id}/secret`, { headers: h }), params({ id })), 'admin'],
      ['GET /api/printers/{id}/preview', (h) => preview(request('GET', `/api/printers/${id}/preview`, { headers: h }), params({ id })), 'admin'],
      ['GET /api/printers/setup', (h) => readSetup(request('GET', '/api/printers/setup', { headers: h }), undefined), 'admin'],
      ['GET /api/printers/jobs', (h) => ledger(request('GET', '/api/printers/jobs', { headers: h }), undefined), 'admin'],
      ['GET /api/printers/alerts', (h) => alerts(request('GET', '/api/printers/alerts', { headers: h }), undefined), 'staff'],
      ['POST /api/orders/{id}/reprint', (h) => reprint(request('POST', `/api/orders/${order}/reprint`, { headers: h }), params({ id: order })), 'staff'],
    ];
    for (const [name, call, needed] of cases) {
      const anonymous = await call(who.anonymous);
      expect(anonymous.status, name).toBe(401);
      expect(await anonymous.json(), name).toEqual({ error: 'Please log in.' });
      for (const role of ['guest', 'diner', 'staff', 'admin'] as const) {
        const res = await call(who[role]);
        const allowed = role === 'admin' || role === needed;
        if (allowed) expect(res.status, `${name} ${role}`).toBeLessThan(300);
        else {
          expect(res.status, `${name} ${role}`).toBe(403);
          expect(Object.keys((await res.json()) as object), `${name} ${role}`).toEqual(['error']);
        }
      }
    }
    const victim = await add({ name: 'To remove', protocol: 'epson-sdp', stations: ['bar'] });
    for (const role of ['anonymous', 'diner', 'staff'] as const) {
      const res = await removePrinter(request('DELETE', `/api/printers/${victim.printer._id}`, { headers: who[role] }), params({ id: victim.printer._id }));
      expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
    }
    expect((await removePrinter(request('DELETE', `/api/printers/${victim.printer._id}`, { headers: who.admin }), params({ id: victim.printer._id }))).status).toBe(200);
    await clearPrinters();
  });
});

async function current(id: string): Promise<Printer> {
  const all = (await (await listPrinters(request('GET', '/api/printers', { headers: who.admin }), undefined)).json()) as Printer[];
  return all.find((p) => p._id === id)!;
}

describe('a paid order on the printers', () => {
  it('prints each station its own lines once, whatever retries happen, in the media type each printer asked for', async () => {
    await clearPrinters();
    const kitchen = await add({ name: 'Kitchen TSP143IV', protocol: 'star-cloudprnt', stations: ['kitchen'], copies: 2 });
    const bar = await add({ name: 'Bar TM-m30III', protocol: 'epson-sdp', stations: ['bar'], paperWidth: 58 });
    const pass = await add({ name: 'Pass mC-Print3', protocol: 'star-cloudprnt', stations: ['pass'] });
    const star = new StarPrinter(kitchen.url, send);
    const plain = new StarPrinter(pass.url, send, { mediaTypes: ['text/plain'] });
    const epson = new EpsonPrinter(bar.url, send);
    expect(await star.drain()).toEqual([]);

    const orderId = await paidOrder([{ menuId: pizza, note: 'no basil | extra {crisp}' }, { menuId: lemonade }]);
    // The order is written again by a completion that took over (its first writer seemed to have crashed): its tickets are there already.
    const order = (await (await collections()).payments.findOne({ _id: new ObjectId(orderId) }))!;
    const { number: _number, status: _status, statusHistory: _history, updatedAt: _updated, ...paid } = order;
    expect((await placeOrder({ ...paid, _id: new ObjectId() }))._id).toEqual(order._id);
    expect(await jobsOf(orderId)).toHaveLength(3);

    const [ticket, ...more] = await star.drain();
    expect(more).toEqual([]);
    expect(ticket!.mediaType).toBe('application/vnd.star.starprnt');
    expect(ticket!.cuts).toBe(2);
    const text = ticket!.lines.join('\n');
    expect(text).toContain(`#${order.number}`);
    expect(text).toContain('Table 1');
    expect(text).toContain('Kitchen');
    expect(text).toMatch(/1x\s+Quattro Formaggi/);
    expect(text).toContain('Note: no basil | extra {crisp}');
    expect(text).toContain('ALLERGENS: gluten, milk');
    expect(text).toContain('PAID $18.00');
    expect(text).toContain('Dana Printer');
    expect(text).not.toContain('Lemonade');

    const [drinks, ...moreDrinks] = await epson.drain();
    expect(moreDrinks).toEqual([]);
    expect(drinks!.lines.join('\n')).toMatch(/1x\s+Lemonade/);
    expect(drinks!.lines.join('\n')).not.toContain('Quattro');

    const [whole] = await plain.drain();
    expect(whole!.mediaType).toBe('text/plain');
    expect(whole!.lines).toEqual(expect.arrayContaining([`#${order.number}`, 'Pass (the whole order)']));
    expect(whole!.lines.join('\n')).toMatch(/Quattro Formaggi[\s\S]*Lemonade/);

    const jobs = await jobsOf(orderId);
    expect(jobs.map((job) => [job.kind, job.state]).sort()).toEqual([['order', 'printed'], ['order', 'printed'], ['order', 'printed']]);
    expect(await star.drain()).toEqual([]);
    expect(await epson.drain()).toEqual([]);
  });

  it('a printer offline for a while prints its backlog in order when it comes back', async () => {
    await clearPrinters();
    const { url } = await add({ name: 'Backlog printer', protocol: 'star-cloudprnt', stations: ['pass'] });
    const printer = new StarPrinter(url, send);
    printer.status = '420 Cover Open';
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push(await paidOrder());
    expect(await printer.cycle()).toBeNull();
    printer.status = '200 OK';
    const printed = await printer.drain();
    const numbers = await Promise.all(orders.map(async (id) => `#${(await (await collections()).payments.findOne({ _id: new ObjectId(id) }))!.number}`));
    expect(printed.map((p) => p.lines[0])).toEqual(numbers);
  });

  it('an Epson printer out of paper keeps the ticket, says so, and prints it once paper is in', async () => {
    await clearPrinters();
    const { url, printer: made } = await add({ name: 'Epson pass', protocol: 'epson-sdp', stations: ['pass'] });
    const epson = new EpsonPrinter(url, send);
    const orderId = await paidOrder();
    epson.printing = false;
    epson.status = 0x0f0a0016; // ePOS-Print's bits for paper end and paper near end
    expect(await epson.cycle()).toBe('failed');
    expect(epson.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['GetRequest 200', 'SetResponse 200']);
    const [job] = await jobsOf(orderId);
    expect(job).toMatchObject({ state: 'queued', error: 'EPTR_REC_EMPTY' });
    expect((await current(made._id)).seen).toMatchObject({ paper: 'out', cover: 'closed' });
    epson.printing = true;
    epson.status = 0x0f000016;
    const [ticket] = await epson.drain();
    expect(ticket!.lines[0]).toBe(`#${(await (await collections()).payments.findOne({ _id: new ObjectId(orderId) }))!.number}`);
    expect((await jobsOf(orderId))[0]!.state).toBe('printed');
    expect((await current(made._id)).seen).toMatchObject({ paper: 'ok' });
  });

  it('a type the printer answers 510 to is never offered again, and the ticket prints in another', async () => {
    await clearPrinters();
    const { url, printer: made } = await add({ name: 'Mis-set printer', protocol: 'star-cloudprnt', stations: ['pass'] });
    const printer = new StarPrinter(url, send, { mediaTypes: ['application/vnd.star.starprnt', 'application/vnd.star.line'], answers510: ['application/vnd.star.starprnt'] });
    await paidOrder();
    expect(await printer.cycle()).toBe('refused');
    const next = await printer.poll();
    expect(next.body.mediaTypes).toEqual(['application/vnd.star.line', 'text/plain']);
    const [ticket] = await printer.drain();
    expect(ticket!.mediaType).toBe('application/vnd.star.line');
    expect((await current(made._id)).refusedTypes).toEqual(['application/vnd.star.starprnt']);
  });

  it('a reprint prints a copy marked REPRINT; a cancel prints a CANCELLED slip where the ticket was', async () => {
    await clearPrinters();
    const kitchen = await add({ name: 'Kitchen', protocol: 'star-cloudprnt', stations: ['kitchen'] });
    const bar = await add({ name: 'Bar', protocol: 'epson-sdp', stations: ['bar'] });
    const star = new StarPrinter(kitchen.url, send);
    const epson = new EpsonPrinter(bar.url, send);
    const orderId = await paidOrder();
    expect(await star.drain()).toHaveLength(1);
    expect(await epson.drain()).toEqual([]);

    const staff = (await makeAdmin()).headers;
    const first = await reprint(request('POST', `/api/orders/${orderId}/reprint`, { headers: staff }), params({ id: orderId }));
    expect(await first.json()).toEqual({ queued: 1 });
    // Asked twice before it printed: one copy.
    expect(await (await reprint(request('POST', `/api/orders/${orderId}/reprint`, { headers: staff }), params({ id: orderId }))).json()).toEqual({ queued: 0 });
    const [copy, ...more] = await star.drain();
    expect(more).toEqual([]);
    expect(copy!.lines[0]).toBe('REPRINT');
    expect(copy!.lines.join('\n')).toContain('Quattro Formaggi');

    const cancelled = await patchOrder(request('PATCH', `/api/orders/${orderId}`, { headers: staff, json: { status: 'cancelled' } }), params({ id: orderId }));
    expect(cancelled.status).toBe(200);
    const [slip] = await star.drain();
    expect(slip!.lines[0]).toBe('CANCELLED');
    expect(slip!.lines.join('\n')).toContain('DO NOT MAKE');
    // The bar had no ticket of this order: no slip either.
    expect(await epson.drain()).toEqual([]);
    const kinds = (await jobsOf(orderId)).map((job) => `${job.kind} ${job.state}`).sort();
    expect(kinds).toEqual(['cancel printed', 'order printed', 'reprint printed']);
    // A cancelled order's ticket is not printed again: a cook would make it.
    const late = await reprint(request('POST', `/api/orders/${orderId}/reprint`, { headers: staff }), params({ id: orderId }));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: 'This order is cancelled: its tickets are not printed again.' });
    expect(await star.drain()).toEqual([]);

    const page = (await (await ledger(request('GET', `/api/printers/jobs?printer=${kitchen.printer._id}`, { headers: staff }), undefined)).json()) as PrintJob[];
    expect(page.slice(0, 3).map((job) => job.kind)).toEqual(['cancel', 'reprint', 'order']);
    expect(page[0]!.by).toBeTruthy();
  });
});

describe('what a printer that is not one, or a broken one, gets', () => {
  it('a wrong or rotated secret is 401 and reveals nothing; the new one works', async () => {
    await clearPrinters();
    const { url, printer } = await add({ name: 'Rotated', protocol: 'star-cloudprnt', stations: ['pass'] });
    await paidOrder();
    const guess = new StarPrinter(url.replace(/[^/]+$/, 'x'.repeat(43)), send);
    const wrong = await guess.poll();
    expect(wrong.status).toBe(401);
    expect(Object.keys(wrong.body)).toEqual(['error']);
    const rotated = (await (await rotateSecret(request('POST', `/api/printers/${printer._id}/secret`, { headers: who.admin }), params({ id: printer._id }))).json()) as PrinterConnection;
    expect(rotated.url).not.toBe(url);
    const old = new StarPrinter(url, send);
    expect((await old.poll()).status).toBe(401);
    const oldEpson = await send(new Request(url.replace('/star/', '/epson/'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'ConnectionType=GetRequest&ID=x' }));
    expect(oldEpson.status).toBe(401);
    expect(await oldEpson.text()).not.toMatch(/#\d|Quattro/);
    expect(await new StarPrinter(rotated.url, send).drain()).toHaveLength(1);
  });

  it('malformed bodies, huge bodies and unknown status codes are 400; confirming what was not fetched, or another printer\'s job, changes nothing', async () => {
    await clearPrinters();
    const a = await add({ name: 'A', protocol: 'star-cloudprnt', stations: ['pass'] });
    const b = await add({ name: 'B', protocol: 'star-cloudprnt', stations: ['pass'] });
    const e = await add({ name: 'E', protocol: 'epson-sdp', stations: ['pass'] });
    await paidOrder();
    const post = (url: string, body: string, type = 'application/json') => send(new Request(url, { method: 'POST', headers: { 'content-type': type }, body }));
    expect((await post(a.url, '{"statusCode": "200%20OK",')).status).toBe(400);
    expect((await post(a.url, JSON.stringify({ statusCode: '999 Nonsense' }))).status).toBe(400);
    expect((await post(a.url, JSON.stringify({ status: '23 6 0' }))).status).toBe(400);
    expect((await post(a.url, JSON.stringify({ statusCode: '200 OK', printerMAC: 'x'.repeat(100_000) }))).status).toBe(400);
    expect((await post(e.url, 'ConnectionType=Hello&ID=x', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await post(e.url, 'ConnectionType=SetResponse&ID=x&ResponseFile=%3Cnot-xml', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await post(e.url, `ConnectionType=GetRequest&ID=${'x'.repeat(20_000)}`, 'application/x-www-form-urlencoded')).status).toBe(400);

    const before = await (await collections()).printJobs.find({}).toArray();
    const starA = new StarPrinter(a.url, send);
    const { body } = await starA.poll();
    const token = body.jobToken!;
    // Not fetched yet: a confirmation changes nothing.
    const early = await send(new Request(`${a.url}?code=200%20OK&token=${token}&mac=x`, { method: 'DELETE' }));
    expect(early.status).toBe(404);
    // Fetched by A, confirmed by B: nothing changes either.
    await send(new Request(`${a.url}?type=text/plain&token=${token}&mac=x`, { method: 'GET' }));
    const foreign = await send(new Request(`${b.url}?code=200%20OK&token=${token}&mac=x`, { method: 'DELETE' }));
    expect(foreign.status).toBe(404);
    const unknownCode = await send(new Request(`${a.url}?code=banana&token=${token}&mac=x`, { method: 'DELETE' }));
    expect(unknownCode.status).toBe(400);
    const after = await (await collections()).printJobs.findOne({ _id: new ObjectId(token) });
    expect(after!.state).toBe('fetched');
    expect(before.find((job) => job._id.equals(after!._id))!.state).toBe('queued');
    // B never prints A's job: it prints its own copy of the order, one.
    const bPrinted = await new StarPrinter(b.url, send).drain();
    expect(bPrinted.map((p) => p.job)).not.toContain(token);
    expect(bPrinted).toHaveLength(1);
  });
});

describe('setup, alerts and safe failure', () => {
  it('stations are saved with their version; a station a printer serves cannot be taken away', async () => {
    await clearPrinters();
    const setup = (await (await readSetup(request('GET', '/api/printers/setup', { headers: who.admin }), undefined)).json()) as PrintSetup;
    expect(setup.stations.map((s) => s.id)).toEqual(['kitchen', 'bar']);
    await add({ name: 'Bar only', protocol: 'epson-sdp', stations: ['bar'] });
    const put = (json: unknown) => saveSetup(request('PUT', '/api/printers/setup', { headers: who.admin, json }), undefined);
    const withoutBar = { version: setup.version, silentMinutes: 10, stations: [setup.stations[0]] };
    const refused = await put(withoutBar);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(/Bar only/);
    const saved = await put({ ...setup, silentMinutes: 10, stations: [...setup.stations, { id: 'grill', name: 'Grill', categories: [], dishes: [pizza] }] });
    expect(saved.status).toBe(200);
    const grill = await add({ name: 'Grill printer', protocol: 'star-cloudprnt', stations: ['grill'], paperWidth: 58 });
    const image = await preview(request('GET', `/api/printers/${grill.printer._id}/preview`, { headers: who.admin }), params({ id: grill.printer._id }));
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await image.text();
    expect(svg).toMatch(/^<svg /);
    // Its width in dots (58 mm: 32 characters of 12 dots), and only its station's line of the sample order.
    expect(svg).toContain('width="384px"');
    const drawn = svg.replace(/<[^>]+>/g, '').replaceAll('&#xa0;', ' ');
    expect(drawn).toContain('Grill');
    expect(drawn).toContain('Margherita');
    // Nothing in it loads from elsewhere.
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect((await put({ ...setup, silentMinutes: 12 })).status).toBe(409);
  });

  it('a silent printer is an alert during opening hours; a polling one counts for safe failure', async () => {
    await clearPrinters();
    const { url, printer } = await add({ name: 'Quiet printer', protocol: 'star-cloudprnt', stations: ['pass'] });
    const { printers } = await collections();
    await printers.updateOne({ _id: new ObjectId(printer._id) }, { $set: { createdAt: new Date(Date.now() - 3_600_000) } });
    const read = async () => (await (await alerts(request('GET', '/api/printers/alerts', { headers: who.staff }), undefined)).json()) as PrinterAlerts;
    expect((await read()).alerts.map((a) => a.message)).toEqual(['Quiet printer has never connected. Follow its setup steps on the Printers page.']);
    const star = new StarPrinter(url, send);
    star.status = '410 Paper Out';
    await star.poll();
    expect((await read()).alerts.map((a) => a.message)).toEqual(['Quiet printer is out of paper.']);
    star.status = '200 OK';
    await star.poll();
    expect(await read()).toEqual({ printers: 1, alerts: [] });
    expect(await printerSeenWithin(60_000)).toBe(true);
  });
});
