/**
 * Dashboards without spinners: every dashboard page, as the role it is for, arrives from the
 * production server with its data rendered in the HTML and nothing left loading in the browser.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole } from '@/lib/auth/roles';
import { createSessionToken } from '@/lib/auth/session';
import { DASHBOARD_PAGES } from '@/lib/dashboard/pages';
import { EmbeddedDb } from '@/lib/db/embedded';
import type { PickupRules } from '@/lib/fulfilment/config';
import { pickupTimesOn } from '@/lib/fulfilment/slots';
import { formatPrice } from '@/lib/menu/money';
import { defaultSettings } from '@/lib/settings/defaults';
import { isOpenAt, zonedClock } from '@/lib/settings/schedule';
import { startServer, type RunningServer } from '../faults/server';
import { orderDoc } from '../support/order-doc';

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-first-html-'));
const PEOPLE = {
  diner: { uid: 'html-diner', email: 'dana.html@bistro.test', name: 'Dana Html' },
  admin: { uid: 'html-admin', email: 'ada.html@bistro.test', name: 'Ada Html', role: 'admin' as const },
};
const REVIEW = 'The minestrone tasted of the garden REVIEW-HTML-4711';
let server: RunningServer;
let dish: { _id: string; name: string; price: number };
/** The diner's order, whose receipt is the page under orders/[id]. */
let receiptId: string;
const tokens: Record<keyof typeof PEOPLE, string> = { diner: '', admin: '' };

beforeAll(async () => {
  // Written before the server starts: it owns the data file from then on.
  const db = await EmbeddedDb.open({ dataDir });
  await db.collection('users').insertMany([PEOPLE.diner, PEOPLE.admin]);
  const order = orderDoc({ ownerUid: PEOPLE.diner.uid, email: PEOPLE.diner.email, price: 9.5, transactionId: 'tx-html-receipt' });
  const { insertedId } = await db.collection('payments').insertOne(order);
  receiptId = insertedId.toHexString();
  await db.close();
  tokens.diner = await createSessionToken(PEOPLE.diner, 0);
  tokens.admin = await createSessionToken(PEOPLE.admin, 0);
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret });
  dish = ((await (await fetch(`${server.baseUrl}/api/menu?category=soup`)).json()) as (typeof dish)[])[0]!;
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.diner}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `${url}: ${res.status}`).toBe(true);
  };
  await post('/api/carts', { menuId: dish._id });
  await post('/api/review', { rating: 4, details: REVIEW });
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function html(route: string, who: keyof typeof PEOPLE) {
  const id = route.startsWith('/dashboard/orders/') ? receiptId : dish._id;
  const res = await fetch(`${server.baseUrl}${route.replace('[id]', id)}`, { headers: { cookie: `bistro_session=${tokens[who]}` }, redirect: 'manual' });
  expect(res.status, route).toBe(200);
  return res.text();
}

/** Text as rendered markup (between tags), not as it also appears in the page's data for hydration. */
const rendered = (text: string) => new RegExp(`>\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*<`);

describe('the first HTML of the dashboard', () => {
  // /dashboard redirects. The payment page is here with the demo card provider; Stripe's card form
  // can only load in the browser, where Stripe's script runs.
  const pages = DASHBOARD_PAGES.filter((p) => p.path !== '/dashboard');

  it.each(pages.map((p) => [p.path, p.role] as const))('%s has nothing left loading', async (route, role) => {
    // A guest's pages are a diner's too, staff pages the admin's: each outranks the role.
    expect(await html(route, hasRole(role, 'staff') ? 'admin' : 'diner')).not.toMatch(/>\s*Loading [^<]*…\s*</);
  });

  it("shows the diner's cart, own review and receipt, and the admin the reviews and the items", async () => {
    expect(await html('/dashboard/cart', 'diner')).toMatch(rendered(dish.name));
    // The form knows the diner has a review (its text is filled in once the form runs).
    expect(await html('/dashboard/review', 'diner')).toMatch(rendered('Update review'));
    expect(await html('/dashboard/reviews', 'admin')).toMatch(rendered(REVIEW));
    expect(await html('/dashboard/manageItems', 'admin')).toMatch(rendered(dish.name));
    expect(await html('/dashboard/orders/[id]', 'diner')).toMatch(rendered('tx-html-receipt'));
  });

  it('shows the payment page with the total and the pickup time the server worked out', async () => {
    // What the page opens on depends on the hour: while the kitchen is open and today still has a
    // time (no orders here, so every time has room), "as soon as possible" with the soonest one;
    // else the times of the first day with one. The server and this test share the clock and zone;
    // the soonest time is worked out on both sides of the request, in case a minute turns meanwhile.
    // The server's database is fresh: its settings are the environment's defaults, which this test shares.
    const { schedule, pickup } = defaultSettings(process.env);
    const rules: PickupRules = { schedule, ...pickup };
    const soonest = () => {
      const now = new Date();
      const clock = zonedClock(now, schedule.timeZone);
      return isOpenAt(schedule, clock) ? pickupTimesOn(clock.today, now, rules)[0] : undefined;
    };
    const before = soonest();
    const page = await html('/dashboard/payment', 'diner');
    const after = soonest();
    expect(page).toMatch(rendered(formatPrice(dish.price)));
    const asap = page.match(/>As soon as possible(?:<!-- -->)? \(about (\d\d:\d\d)\)</)?.[1];
    if (before || after) expect([before, after]).toContain(asap);
    else expect(page).toMatch(/<option value="\d\d:\d\d"/);
  });
});
