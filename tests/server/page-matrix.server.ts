/**
 * The page matrix, against the production server: every dashboard page (the page list, which
 * must hold every page under app/dashboard and nothing else) and /secret, for an anonymous
 * visitor, a guest, a diner, staff and an admin, as a document and as a client-side navigation (an RSC
 * request). Each answer must be the right status (307 and where to, or 200), and no body may
 * carry what the caller may not see: an admin-only figure or booking for anyone but admins,
 * another diner's orders outside the kitchen's pages; while the pages meant to show them do (so
 * the check can fail).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, hasRole, type Role } from '@/lib/auth/roles';
import { createSessionToken } from '@/lib/auth/session';
import { addDays } from '@/lib/reservations/calendar';
import { DASHBOARD_PAGES, dashboardHome, roleNeededFor } from '@/lib/dashboard/pages';
import { EmbeddedDb } from '@/lib/db/embedded';
import { guestAddress } from '@/lib/users/guest-address';
import { guestUntil } from '@/lib/users/guests';
import { startServer, type RunningServer } from '../faults/server';
import { dashboardPagesInTree } from '../support/app-pages';
import { orderDoc } from '../support/order-doc';
import { restaurantClock } from '../support/clock';

interface AppPage {
  route: string;
  /** The least role that may open it: /secret is for anybody signed in. */
  role: Role;
}

const PAGES: AppPage[] = [...DASHBOARD_PAGES.map(({ path, role }) => ({ route: path, role })), { route: '/secret', role: 'diner' }];

/** What only an admin may see: the revenue (two orders of the other diner, 4,321.09 + 1,000.00), and their booking. */
const ADMIN_ONLY = ['5,321.09', '5321.09', 'OTHER-NOTE-7319'];
/** The other diner's orders, which the kitchen's pages show to staff and admins. */
const OTHERS_ORDERS = ['omar.matrix@bistro.test', 'tx-matrix-other'];
/** The other diner's order still in the kitchen: its id is set once written. */
const openOrder = { id: '' };
/** A receipt each signed-in caller may open: their own order, cancelled and refunded so it earns nothing. */
const ownOrders: Record<Role, string> = { guest: '', diner: '', staff: '', admin: '' };

type Who = 'anonymous' | Role;

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-page-matrix-'));
let server: RunningServer;
let menuId: string;
const tokens: Record<Exclude<Who, 'anonymous'>, string> = { guest: '', diner: '', staff: '', admin: '' };

beforeAll(async () => {
  // Written before the server starts: it owns the data file from then on.
  const db = await EmbeddedDb.open({ dataDir });
  const tomorrow = addDays(restaurantClock(new Date()).today, 1);
  const people = {
    guest: { uid: 'matrix-guest', email: guestAddress('matrix-guest'), name: 'Guest' },
    diner: { uid: 'matrix-diner', email: 'dana.matrix@bistro.test', name: 'Dana Matrix' },
    other: { uid: 'matrix-other', email: 'omar.matrix@bistro.test', name: 'Omar Matrix' },
    staff: { uid: 'matrix-staff', email: 'sam.matrix@bistro.test', name: 'Sam Matrix' },
    admin: { uid: 'matrix-admin', email: 'ada.matrix@bistro.test', name: 'Ada Matrix' },
  };
  await db
    .collection('users')
    .insertMany([{ ...people.guest, guestUntil: guestUntil(new Date()) }, people.diner, people.other, { ...people.staff, role: 'staff' }, { ...people.admin, role: 'admin' }]);
  const visit = { date: tomorrow, time: '19:00', guests: 2, phone: '+1 555 010 2024', status: 'pending' as const, createdAt: new Date() };
  await db.collection('bookings').insertMany([
    { ...visit, ownerUid: people.diner.uid, email: people.diner.email, name: people.diner.name, note: 'OWN-NOTE-5521' },
    { ...visit, ownerUid: people.other.uid, email: people.other.email, name: people.other.name, note: 'OTHER-NOTE-7319' },
  ]);
  const order = { ownerUid: people.other.uid, email: people.other.email };
  await db.collection('payments').insertOne(orderDoc({ ...order, price: 4321.09, transactionId: 'tx-matrix-other', status: 'completed' }));
  const { insertedId } = await db.collection('payments').insertOne(orderDoc({ ...order, price: 1000, transactionId: 'tx-matrix-other-open', status: 'preparing' }));
  openOrder.id = insertedId.toHexString();
  for (const who of ROLES) {
    const own = { ownerUid: people[who].uid, email: people[who].email };
    const refunded = { id: `matrix-refund-${who}`, cents: 1200, at: new Date(), doneAt: new Date(), status: 'done' as const };
    const { insertedId: ownId } = await db
      .collection('payments')
      .insertOne(orderDoc({ ...own, price: 12, transactionId: `tx-matrix-own-${who}`, status: 'cancelled', refunds: [refunded], refundedCents: 1200 }));
    ownOrders[who] = ownId.toHexString();
  }
  await db.close();
  for (const who of ROLES) tokens[who] = await createSessionToken(people[who], 0);
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret });
  menuId = ((await (await fetch(`${server.baseUrl}/api/menu?category=soup`)).json()) as { _id: string }[])[0]!._id;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});


/** The page's URL: an [id] is a menu item on Update item, and the caller's own order on a receipt. */
function urlOf(route: string, who: Who): string {
  const id = route.startsWith('/dashboard/orders/') ? ownOrders[who === 'anonymous' ? 'diner' : who] : menuId;
  return route.replace('[id]', id);
}

async function get(url: string, who: Who, rsc: boolean) {
  const headers: Record<string, string> = {};
  if (who !== 'anonymous') headers.cookie = `bistro_session=${tokens[who]}`;
  // A client-side navigation: the RSC header, and the cache-busting `_rsc` query Next.js checks
  // against the router headers (with none of them, its value is empty).
  if (rsc) headers.rsc = '1';
  const res = await fetch(`${server.baseUrl}${url}${rsc ? '?_rsc' : ''}`, { headers, redirect: 'manual' });
  const location = res.headers.get('location');
  const target = location ? new URL(location, server.baseUrl) : null;
  return { status: res.status, location: target && `${target.pathname}${target.search}`, body: await res.text() };
}

/** 307 and where to, or 200. */
function expected(page: AppPage, who: Who): { status: 307; location: string } | { status: 200 } {
  const url = urlOf(page.route, who);
  if (who === 'anonymous') return { status: 307, location: `/login?from=${encodeURIComponent(url)}` };
  if (page.route === '/dashboard') return { status: 307, location: dashboardHome(who) };
  if (!hasRole(who, page.role)) return { status: 307, location: '/' };
  return { status: 200 };
}

/** What must not be in the body of `page` for `who`. */
function forbidden(page: AppPage, who: Who): string[] {
  if (who === 'admin') return [];
  if (who === 'staff' && page.role === 'staff') return ADMIN_ONLY;
  return [...ADMIN_ONLY, ...OTHERS_ORDERS, openOrder.id];
}

describe('the pages', () => {
  it('are the page list: every page under app/dashboard is an entry, and every entry a page', () => {
    expect(dashboardPagesInTree().map((p) => p.route).sort()).toEqual(DASHBOARD_PAGES.map((p) => p.path).sort());
  });

  it('each need the role the proxy knows them by, and staff open the kitchen only', () => {
    expect(PAGES.filter((p) => p.role === 'admin').length).toBeGreaterThanOrEqual(7);
    expect(PAGES.filter((p) => p.role === 'staff').map((p) => p.route).sort()).toEqual(['/dashboard/kitchen', '/dashboard/manageOrders', '/dashboard/staffHome']);
    for (const page of DASHBOARD_PAGES) expect(roleNeededFor(page.path), page.path).toBe(page.role);
  });
});

describe.each<Who>(['anonymous', ...ROLES])('as %s', (who) => {
  describe.each([
    ['a document', false],
    ['an RSC request', true],
  ] as const)('requested as %s', (_kind, rsc) => {
    it.each(PAGES.map((page) => [page.route, page] as const))('%s', async (_route, page) => {
      const answer = await get(urlOf(page.route, who), who, rsc);
      const want = expected(page, who);
      expect(answer.status).toBe(want.status);
      if (want.status === 307) expect(answer.location).toBe(want.location);
      for (const secretText of forbidden(page, who)) expect(answer.body).not.toContain(secretText);
    });
  });
});

describe('the pages meant to show the data do show it (so the checks above can fail)', () => {
  it.each([
    ['/dashboard/adminHome', 'admin', () => ADMIN_ONLY.slice(0, 2)],
    ['/dashboard/manageBookings', 'admin', () => ['OTHER-NOTE-7319']],
    ['/dashboard/manageOrders', 'admin', () => ['tx-matrix-other']],
    ['/dashboard/manageOrders', 'staff', () => ['tx-matrix-other']],
    ['/dashboard/kitchen', 'staff', () => [openOrder.id]],
    ['/dashboard/allUsers', 'admin', () => ['omar.matrix@bistro.test']],
    ['/dashboard/bookings', 'diner', () => ['OWN-NOTE-5521']],
  ] as const)('%s as %s carries what it is for', async (route, who, texts) => {
    for (const rsc of [false, true]) {
      const { body } = await get(route, who, rsc);
      expect(texts().some((text) => body.includes(text)), `${route}${rsc ? ' (RSC)' : ''}`).toBe(true);
    }
  });
});

/**
 * A document's status is the page's answer. A client-side navigation's (an RSC request) is 200
 * whatever the page decides: Next.js streams the payload from its first byte, and the refusal is a
 * row of it that the router acts on, so that row is what is checked there.
 */
describe('a page that refuses answers with the refusal, not 200 and a notice in the body', () => {
  const unknownId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
  it.each<[string, () => string, Who, 403 | 404]>([
    ["another diner's receipt, to a diner", () => `/dashboard/orders/${openOrder.id}`, 'diner', 403],
    ["another diner's receipt, to a guest", () => `/dashboard/orders/${openOrder.id}`, 'guest', 403],
    ["another diner's receipt, to staff", () => `/dashboard/orders/${openOrder.id}`, 'staff', 403],
    ['an unknown receipt', () => `/dashboard/orders/${unknownId}`, 'diner', 404],
    ['a malformed receipt id', () => '/dashboard/orders/not-an-id', 'diner', 404],
    ['an unknown menu item to update', () => `/dashboard/updateItem/${unknownId}`, 'admin', 404],
  ])('%s', async (_what, target, who, status) => {
    const url = target();
    const document = await get(url, who, false);
    expect(document.status, url).toBe(status);
    const navigation = await get(url, who, true);
    expect(navigation.body, `${url} (RSC)`).toContain(`"digest":"NEXT_HTTP_ERROR_FALLBACK;${status}"`);
    for (const answer of [document, navigation]) for (const secretText of OTHERS_ORDERS) expect(answer.body).not.toContain(secretText);
  });

  it("while the caller's own receipt (a guest's too) and a known item open (so the checks above can fail)", async () => {
    const own = await get(`/dashboard/orders/${ownOrders.diner}`, 'diner', false);
    expect(own.status).toBe(200);
    expect(own.body).toContain('tx-matrix-own-diner');
    expect((await get(`/dashboard/orders/${ownOrders.diner}`, 'diner', true)).body).not.toContain('NEXT_HTTP_ERROR_FALLBACK');
    expect((await get(`/dashboard/orders/${ownOrders.guest}`, 'guest', false)).body).toContain('tx-matrix-own-guest');
    expect((await get(`/dashboard/orders/${openOrder.id}`, 'admin', false)).body).toContain('tx-matrix-other');
    expect((await get(`/dashboard/updateItem/${menuId}`, 'admin', false)).status).toBe(200);
  });
});
