/**
 * The page matrix, against the production server: every page under app/dashboard (found from the
 * file tree, so a new page joins by being there) and /secret, for an anonymous visitor, a diner
 * and an admin, as a document and as a client-side navigation (an RSC request). Each answer must
 * be the right status (307 and where to, or 200), and no body may carry an admin-only figure or
 * another diner's data, while the pages meant to show them do (so the check can fail).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LINKS, USER_LINKS } from '@/components/dashboard/nav-links';
import { roleNeededFor } from '@/lib/auth/page-access';
import { createSessionToken } from '@/lib/auth/session';
import { addDays, restaurantClock } from '@/lib/reservations/calendar';
import { EmbeddedDb } from '@/lib/db/embedded';
import { startServer, type RunningServer } from '../faults/server';
import { dashboardPages, pagesUnder, type AppPage } from '../support/app-pages';

const PAGES = [...dashboardPages(), ...pagesUnder('app/(site)/secret', '/secret')];

/** What only an admin may see: the revenue of the other diner's order, formatted and raw. */
const ADMIN_FIGURES = ['4,321.09', '4321.09'];
/** The other diner's data. */
const OTHERS_DATA = ['omar.matrix@bistro.test', 'OTHER-NOTE-7319', 'tx-matrix-other'];

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-page-matrix-'));
let server: RunningServer;
let menuId: string;
const tokens: Record<'diner' | 'admin', string> = { diner: '', admin: '' };

beforeAll(async () => {
  // Written before the server starts: it owns the data file from then on.
  const db = EmbeddedDb.open({ dataDir });
  const tomorrow = addDays(restaurantClock(new Date()).today, 1);
  const people = {
    diner: { uid: 'matrix-diner', email: 'dana.matrix@bistro.test', name: 'Dana Matrix' },
    other: { uid: 'matrix-other', email: 'omar.matrix@bistro.test', name: 'Omar Matrix' },
    admin: { uid: 'matrix-admin', email: 'ada.matrix@bistro.test', name: 'Ada Matrix' },
  };
  await db.collection('users').insertMany([people.diner, people.other, { ...people.admin, role: 'admin' }]);
  const visit = { date: tomorrow, time: '19:00', guests: 2, phone: '+1 555 010 2024', status: 'pending' as const, createdAt: new Date() };
  await db.collection('bookings').insertMany([
    { ...visit, ownerUid: people.diner.uid, email: people.diner.email, name: people.diner.name, note: 'OWN-NOTE-5521' },
    { ...visit, ownerUid: people.other.uid, email: people.other.email, name: people.other.name, note: 'OTHER-NOTE-7319' },
  ]);
  await db.collection('payments').insertOne({
    ownerUid: people.other.uid,
    email: people.other.email,
    price: 4321.09,
    transactionId: 'tx-matrix-other',
    data: new Date(),
    cartIds: [],
    menuItemIds: [],
    status: 'completed',
  });
  await db.close();
  tokens.diner = await createSessionToken(people.diner, 0);
  tokens.admin = await createSessionToken(people.admin, 0);
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret });
  menuId = ((await (await fetch(`${server.baseUrl}/api/menu?category=soup`)).json()) as { _id: string }[])[0]!._id;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Who = 'anonymous' | 'diner' | 'admin';

async function get(route: string, who: Who, rsc: boolean) {
  const headers: Record<string, string> = {};
  if (who !== 'anonymous') headers.cookie = `bistro_session=${tokens[who]}`;
  // A client-side navigation: the RSC header, and the cache-busting `_rsc` query Next.js checks
  // against the router headers (with none of them, its value is empty).
  if (rsc) headers.rsc = '1';
  const res = await fetch(`${server.baseUrl}${route.replace('[id]', menuId)}${rsc ? '?_rsc' : ''}`, { headers, redirect: 'manual' });
  const location = res.headers.get('location');
  const target = location ? new URL(location, server.baseUrl) : null;
  return { status: res.status, location: target && `${target.pathname}${target.search}`, body: await res.text() };
}

/** 307 and where to, or 200. */
function expected(page: AppPage, who: Who): { status: 307; location: string } | { status: 200 } {
  const url = page.route.replace('[id]', menuId);
  if (who === 'anonymous') return { status: 307, location: `/login?from=${encodeURIComponent(url)}` };
  if (page.route === '/dashboard') return { status: 307, location: who === 'admin' ? '/dashboard/adminHome' : '/dashboard/userHome' };
  if (page.admin && who === 'diner') return { status: 307, location: '/' };
  return { status: 200 };
}

describe('the pages', () => {
  it('are found in the tree, and every admin page is one the proxy knows as such', () => {
    expect(PAGES.filter((p) => p.admin).length).toBeGreaterThanOrEqual(8);
    for (const page of PAGES) expect(roleNeededFor(page.route), page.route).toBe(page.admin ? 'admin' : 'diner');
    for (const link of ADMIN_LINKS) expect(roleNeededFor(link.href), link.href).toBe('admin');
    for (const link of USER_LINKS) expect(roleNeededFor(link.href), link.href).toBe('diner');
  });
});

describe.each<Who>(['anonymous', 'diner', 'admin'])('as %s', (who) => {
  describe.each([
    ['a document', false],
    ['an RSC request', true],
  ] as const)('requested as %s', (_kind, rsc) => {
    it.each(PAGES.map((page) => [page.route, page] as const))('%s', async (_route, page) => {
      const answer = await get(page.route, who, rsc);
      const want = expected(page, who);
      expect(answer.status).toBe(want.status);
      if (want.status === 307) expect(answer.location).toBe(want.location);
      if (who !== 'admin') for (const secretText of [...ADMIN_FIGURES, ...OTHERS_DATA]) expect(answer.body).not.toContain(secretText);
    });
  });
});

describe('the pages meant to show the data do show it (so the checks above can fail)', () => {
  it.each([
    ['/dashboard/adminHome', 'admin', ADMIN_FIGURES],
    ['/dashboard/manageBookings', 'admin', ['OTHER-NOTE-7319']],
    ['/dashboard/manageOrders', 'admin', ['tx-matrix-other']],
    ['/dashboard/allUsers', 'admin', ['omar.matrix@bistro.test']],
    ['/dashboard/bookings', 'diner', ['OWN-NOTE-5521']],
  ] as const)('%s as %s carries %s', async (route, who, texts) => {
    for (const rsc of [false, true]) {
      const { body } = await get(route, who, rsc);
      expect(texts.some((text) => body.includes(text)), `${route}${rsc ? ' (RSC)' : ''}`).toBe(true);
    }
  });
});
