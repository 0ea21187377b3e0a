/**
 * Every list pages through its history the same way, through its real handler: newest first, a
 * page at a time, the next page in a `Link` header, cursors that survive new rows arriving and
 * refuse to be forged or moved to another list, bounded limits, and filters that combine.
 */
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as bookingsRoute } from '@/app/api/bookings/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as paymentsRoute } from '@/app/api/payments/[email]/route';
import { GET as reviewsRoute } from '@/app/api/review/route';
import { GET as usersRoute } from '@/app/api/users/route';
import { collections } from '@/lib/db';
import { readStats } from '@/lib/docstore';
import type { BookingDoc } from '@/lib/db/documents';
import { nextLink } from '@/lib/pagination/link';
import { params, request } from '../support/http';
import { insertOrder, orderDoc } from '../support/orders';
import { makeAdmin, makeDiner, makePerson, type Person } from '../support/people';

let admin: Person;
let diner: Person;

/** Local noon of a day of January 2025, plus `minute` minutes. */
const jan = (day: number, minute = 0) => new Date(2025, 0, day, 12, minute);

interface Answer<T> {
  status: number;
  body: T;
  link: string | null;
  total: string | null;
}

async function get<T = unknown>(path: string, headers: Record<string, string> = admin.headers): Promise<Answer<T>> {
  const req = request('GET', path, { headers });
  const email = /^\/api\/payments\/([^/?]+)/.exec(path)?.[1];
  const route = path.startsWith('/api/orders')
    ? ordersRoute(req, undefined)
    : path.startsWith('/api/users')
      ? usersRoute(req, undefined)
      : path.startsWith('/api/review')
        ? reviewsRoute(req, undefined)
        : path.startsWith('/api/bookings')
          ? bookingsRoute(req, undefined)
          : paymentsRoute(req, params({ email: decodeURIComponent(email!) }));
  const res = await route;
  return { status: res.status, body: (await res.json()) as T, link: nextLink(res.headers.get('link')), total: res.headers.get('x-total-count') };
}

/** Every row of a list, following `Link` from `path`; and how many pages it took. */
async function walk(path: string, headers?: Record<string, string>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for (let next: string | null = path; next; pages += 1) {
    const page: Answer<{ _id: string }[]> = await get(next, headers);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    ids.push(...page.body.map((row) => row._id));
    next = page.link;
  }
  return { ids, pages };
}

const idsOf = async (path: string) => (await get<{ _id: string }[]>(path)).body.map((row) => row._id);

/** Orders of this file, written apart from the rest by their email's domain. */
const ORDERS: { id: string; data: Date; status: string; kind?: string; email: string; name?: string; number: number }[] = [];

beforeAll(async () => {
  admin = await makeAdmin({ name: 'Pager Admin' });
  diner = await makeDiner({ name: 'Pager Diner' });
  const specs = [
    { day: 3, status: 'completed', kind: 'pickup', email: 'ada@pager.test', name: 'Ada Lovelace' },
    { day: 3, status: 'completed', kind: 'table', email: 'bob@pager.test', name: 'Bob Ross' },
    { day: 4, status: 'cancelled', kind: 'pickup', email: 'ada@pager.test', name: 'Ada Lovelace' },
    { day: 5, status: 'pending', kind: 'table', email: 'cleo@pager.test', name: 'Cleo Patra' },
    { day: 6, status: 'completed', kind: 'pickup', email: 'adam@pager.test', name: 'Adam Smith' },
    { day: 7, status: 'ready', kind: 'pickup', email: 'dora@pager.test' },
    { day: 8, status: 'completed', kind: 'table', email: 'ada@pager.test', name: 'Ada Lovelace' },
  ];
  // Two orders paid in the same millisecond: the cursor breaks the tie by id.
  const twin = jan(9);
  for (const [i, spec] of specs.entries()) {
    const data = jan(spec.day, i);
    const fulfilment = spec.kind === 'pickup' ? { kind: 'pickup' as const, date: '2025-01-01', time: '12:00', asap: false } : { kind: 'table' as const, table: 3 };
    const number = 9000 + i;
    const id = await insertOrder({ data, status: spec.status as 'pending', fulfilment, email: spec.email, ...(spec.name ? { name: spec.name } : {}), number, ownerUid: diner.uid });
    ORDERS.push({ id, data, status: spec.status, kind: spec.kind, email: spec.email, name: spec.name, number });
  }
  for (const n of [0, 1]) {
    const id = await insertOrder({ data: twin, email: `twin${n}@pager.test`, number: 9100 + n, ownerUid: diner.uid });
    ORDERS.push({ id, data: twin, status: 'pending', email: `twin${n}@pager.test`, number: 9100 + n });
  }
});

const newestFirst = (rows: typeof ORDERS) => [...rows].sort((a, b) => b.data.getTime() - a.data.getTime() || b.id.localeCompare(a.id)).map((o) => o.id);

describe('paging through the orders', () => {
  it('gives every order once, newest first, a page at a time, with the next page in Link and the count on the first', async () => {
    const first = await get<{ _id: string }[]>('/api/orders?limit=4');
    expect(first.body).toHaveLength(4);
    expect(first.link).toMatch(/^\/api\/orders\?limit=4&cursor=[\w-]+\.[\w-]+$/);
    expect(first.total).toBe(String(ORDERS.length));
    const second = await get('/api/orders?limit=4&cursor=' + new URL(first.link!, 'http://x').searchParams.get('cursor'));
    expect(second.total).toBeNull();

    const { ids, pages } = await walk('/api/orders?limit=4');
    expect(ids).toEqual(newestFirst(ORDERS));
    expect(pages).toBe(Math.ceil(ORDERS.length / 4));
  });

  it('says there is no next page on the last one', async () => {
    const all = await get('/api/orders?limit=200');
    expect(all.link).toBeNull();
    expect(all.body).toHaveLength(ORDERS.length);
  });

  it('is stable while new orders arrive: no order twice, none skipped', async () => {
    const before = newestFirst(ORDERS);
    const first = await get<{ _id: string }[]>('/api/orders?limit=3');
    // Paid while the list is read: newer than anything listed, so they belong above the first page.
    const arrived = [await insertOrder({ email: 'late1@pager.test' }), await insertOrder({ email: 'late2@pager.test' })];
    const rest = await walk(first.link!);
    const seen = [...first.body.map((o) => o._id), ...rest.ids];
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await idsOf('/api/orders?limit=2'))).toEqual(arrived.reverse());
    const { payments } = await collections();
    await payments.deleteMany({ email: { $in: ['late1@pager.test', 'late2@pager.test'] } });
  });

  it('combines the filters, and pages through what they keep', async () => {
    const pickupAdaFrom4 = ORDERS.filter((o) => o.kind === 'pickup' && o.email.startsWith('ada') && o.data >= jan(4));
    expect(await idsOf('/api/orders?fulfilment=pickup&search=ada&from=2025-01-04')).toEqual(newestFirst(pickupAdaFrom4));
    const completedIn3to6 = ORDERS.filter((o) => o.status === 'completed' && o.data >= jan(3) && o.data < jan(7));
    expect(await idsOf('/api/orders?status=completed&from=2025-01-03&to=2025-01-06')).toEqual(newestFirst(completedIn3to6));
    expect((await walk('/api/orders?status=completed&from=2025-01-03&to=2025-01-06&limit=1')).ids).toEqual(newestFirst(completedIn3to6));
    expect(await idsOf('/api/orders?status=pending,ready&fulfilment=table')).toEqual(newestFirst(ORDERS.filter((o) => o.kind === 'table' && ['pending', 'ready'].includes(o.status))));
  });

  it('searches by number, by the start of an email, or of a name as people type it', async () => {
    expect(await idsOf('/api/orders?search=%239003')).toEqual([ORDERS[3]!.id]);
    expect(await idsOf('/api/orders?search=9003')).toEqual([ORDERS[3]!.id]);
    expect(await idsOf('/api/orders?search=ADA%40pager')).toEqual(newestFirst(ORDERS.filter((o) => o.email === 'ada@pager.test')));
    expect(await idsOf('/api/orders?search=ada')).toEqual(newestFirst(ORDERS.filter((o) => o.email.startsWith('ada') || o.name?.startsWith('Ada'))));
    expect(await idsOf('/api/orders?search=cleo%20p')).toEqual([ORDERS[3]!.id]);
    // A name is matched from its start, not anywhere in it.
    expect(await idsOf('/api/orders?search=patra')).toEqual([]);
    // Dots and pluses are letters of an email here, not a pattern.
    expect(await idsOf('/api/orders?search=a.a')).toEqual([]);
  });
});

describe.skipIf(!!process.env.MONGODB_URI)('what a search reads on the embedded engine', () => {
  it('a later page of a search reads its own orders, not every order between the last one given and the next', async () => {
    const { payments } = await collections();
    const days = [jan(1, 0), jan(1, 1), jan(3, 30)];
    const { insertedIds } = await payments.insertMany(days.map((data, i) => orderDoc({ data, email: 'rarely@searched.test', name: 'Rarely Seen', number: 9200 + i, ownerUid: diner.uid })));
    // Orders of other people between the newest of those and the others, which a walk of the list's
    // order from the first page's cursor would test one by one.
    await payments.insertMany(Array.from({ length: 300 }, (_, i) => orderDoc({ data: jan(2, i), email: `crowd${i}@searched.test`, number: 9300 + i, ownerUid: diner.uid })));
    try {
      const examined: number[] = [];
      const ids: string[] = [];
      for (let next: string | null = '/api/orders?search=rarely&limit=1'; next; ) {
        const before = readStats.rows;
        const page: Answer<{ _id: string }[]> = await get(next);
        examined.push(readStats.rows - before);
        ids.push(...page.body.map((row) => row._id));
        next = page.link;
      }
      expect(ids).toEqual(Object.values(insertedIds).map((id) => id.toHexString()).reverse());
      // Each page tests the search's own orders (and the first page counts them), never the crowd.
      expect(Math.max(...examined)).toBeLessThan(20);
    } finally {
      await payments.deleteMany({ email: { $regex: '@searched\\.test$' } });
    }
  });
});

describe('refusing what is not a page of this list', () => {
  let cursor: string;
  beforeAll(async () => {
    cursor = new URL((await get('/api/orders?limit=2')).link!, 'http://x').searchParams.get('cursor')!;
  });

  it.each([
    ['limit=0'],
    ['limit=-1'],
    ['limit=201'],
    ['limit=10000'],
    ['limit=abc'],
    ['limit=2.5'],
    ['limit='],
    ['cursor=abc'],
    ['cursor=not.acursor'],
    ['from=2025-01-09&to=2025-01-01'],
    ['from=2025-02-30'],
    ['from=yesterday'],
    ['status[$ne]=pending'],
    ['search[$regex]=.*'],
    ['fulfilment=delivery'],
    ['search=.*'],
    ['search=^ada'],
    ['search=(a%2B)%2B%24'],
    ['search=' + 'a'.repeat(101)],
    ['search=' + 'a'.repeat(10_000)],
  ])('GET /api/orders?%s is 400 with { error }', async (query) => {
    const res = await get(`/api/orders?${query.replace('CURSOR', cursor)}`);
    expect(res.status).toBe(400);
    expect(typeof (res.body as { error?: unknown }).error).toBe('string');
  });

  it('refuses a cursor that was altered, forged, truncated, or given to another list or other filters', async () => {
    const [body, signature] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[];
    // The same position, rewritten to skip ahead, with the old signature.
    decoded[2] = new ObjectId().toHexString();
    const altered = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
    const forged = `${body}.${Buffer.alloc(16).toString('base64url')}`;
    for (const [what, path] of [
      ['altered', `/api/orders?cursor=${altered}`],
      ['forged', `/api/orders?cursor=${forged}`],
      ['truncated', `/api/orders?cursor=${cursor.slice(0, -3)}`],
      ['another list', `/api/users?cursor=${cursor}`],
      ['other filters', `/api/orders?status=pending&cursor=${cursor}`],
      ['the public reviews', `/api/review?cursor=${cursor}`],
    ] as const) {
      const res = await get(path);
      expect(res.status, what).toBe(400);
      expect(typeof (res.body as { error?: unknown }).error, what).toBe('string');
    }
    expect((await get(`/api/orders?limit=2&cursor=${cursor}`)).status).toBe(200);
  });

  it('takes 1 to 200, and 50 when not told', async () => {
    const { payments } = await collections();
    await payments.insertMany(Array.from({ length: 60 }, (_, i) => orderDoc({ email: `bulk${i}@pager.test`, data: jan(1, i) })));
    expect((await get<unknown[]>('/api/orders')).body).toHaveLength(50);
    expect((await get<unknown[]>('/api/orders?limit=1')).body).toHaveLength(1);
    expect((await get<unknown[]>('/api/orders?limit=200')).body).toHaveLength(ORDERS.length + 60);
    await payments.deleteMany({ email: { $regex: '^bulk' } });
  });
});

describe('the other lists page the same way', () => {
  it('GET /api/users: newest first, by the start of a name or email, and by role', async () => {
    const people = [
      await makePerson('diner', { name: 'Zed Pager', email: 'zed.pager@bistro.test' }),
      await makePerson('staff', { name: 'Zelda Pager', email: 'zelda.pager@bistro.test' }),
      await makePerson('diner', { name: 'Yuri Pager', email: 'zorro.pager@bistro.test' }),
    ];
    expect(await idsOf('/api/users?search=ze')).toEqual([people[1]!.id, people[0]!.id]);
    expect(await idsOf('/api/users?search=zorro.pager%40')).toEqual([people[2]!.id]);
    expect(await idsOf('/api/users?search=z&role=staff')).toEqual([people[1]!.id]);
    const everybody = await walk('/api/users?limit=2');
    expect(everybody.ids.slice(0, 3)).toEqual([people[2]!.id, people[1]!.id, people[0]!.id]);
    expect(everybody.ids).toContain(admin.id);
    expect(new Set(everybody.ids).size).toBe(everybody.ids.length);
    expect((await get('/api/users?role=owner')).status).toBe(400);
    expect((await get('/api/users?search=z*')).status).toBe(400);
  });

  it('GET /api/payments/{email}: the diner\'s own, newest first; a cursor of one diner reads nobody else\'s', async () => {
    const mine = `/api/payments/${encodeURIComponent(diner.email)}`;
    const { ids } = await walk(`${mine}?limit=4`, diner.headers);
    expect(ids).toEqual(newestFirst(ORDERS));
    const first = await get(`${mine}?limit=4`, diner.headers);
    const other = await makeDiner();
    const cursor = new URL(first.link!, 'http://x').searchParams.get('cursor')!;
    const res = await get(`/api/payments/${encodeURIComponent(other.email)}?cursor=${cursor}`, other.headers);
    expect(res.status).toBe(400);
    expect((await get(`${mine}?limit=0`, diner.headers)).status).toBe(400);
  });

  it('GET /api/review: anybody pages the reviews, newest first, by the day written', async () => {
    const { reviews } = await collections();
    const written = [jan(10), jan(11), jan(12)].map((at, i) => ({ _id: ObjectId.createFromTime(at.getTime() / 1000), name: `Pager ${i}`, details: 'Paged through the reviews.', rating: 4 }));
    await reviews.insertMany(written);
    expect(await idsOf('/api/review?from=2025-01-11&to=2025-01-12')).toEqual([written[2]!._id.toHexString(), written[1]!._id.toHexString()]);
    const res = await reviewsRoute(request('GET', '/api/review?limit=1'), undefined);
    expect(res.status).toBe(200);
    expect(nextLink(res.headers.get('link'))).toMatch(/^\/api\/review\?limit=1&cursor=/);
    const all = await walk('/api/review?limit=7');
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(all.ids).toEqual(expect.arrayContaining(written.map((r) => r._id.toHexString())));
    expect((await get('/api/review?from=2025-01-12&to=2025-01-11')).status).toBe(400);
  });

  it('GET /api/bookings: latest day first, by status and day, a page at a time', async () => {
    const { bookings } = await collections();
    const base: Omit<BookingDoc, 'date' | 'status'> = { ownerUid: diner.uid, email: diner.email, name: diner.name, time: '19:00', guests: 2, phone: '555 0100', createdAt: new Date() };
    const docs = (['2030-03-01', '2030-03-02', '2030-03-03', '2030-03-04'] as const).map((date, i) => ({
      _id: new ObjectId(),
      ...base,
      date,
      status: (i % 2 ? 'confirmed' : 'cancelled') as BookingDoc['status'],
    }));
    await bookings.insertMany(docs);
    const ids = (indexes: number[]) => indexes.map((i) => docs[i]!._id.toHexString());
    expect((await walk('/api/bookings?all=1&limit=3')).ids).toEqual(ids([3, 2, 1, 0]));
    expect(await idsOf('/api/bookings?all=1&status=confirmed&from=2030-03-02&to=2030-03-03')).toEqual(ids([1]));
    expect((await walk('/api/bookings?limit=1', diner.headers)).ids).toEqual(ids([3, 2, 1, 0]));
    expect((await get('/api/bookings?all=1&status=lost')).status).toBe(400);
    expect((await get('/api/bookings?all=1&from=2030-03-04&to=2030-03-01')).status).toBe(400);
  });
});

describe('who may page through which list', () => {
  it('checks the caller before the parameters: a filter or a cursor opens nothing', async () => {
    const staff = await makePerson('staff');
    const someCursor = new URL((await get('/api/orders?limit=1')).link!, 'http://x').searchParams.get('cursor')!;
    const cases: [string, Record<string, string>, number][] = [
      [`/api/orders?status=pending&search=ada&cursor=${someCursor}`, {}, 401],
      [`/api/orders?status=pending&search=ada&cursor=${someCursor}`, diner.headers, 403],
      ['/api/orders?limit=abc', diner.headers, 403],
      ['/api/orders?fulfilment=pickup&from=2025-01-01', staff.headers, 200],
      ['/api/users?role=admin&search=a', staff.headers, 403],
      ['/api/users?role=admin&limit=0', diner.headers, 403],
      ['/api/users?role=admin&search=a', admin.headers, 200],
      ['/api/bookings?all=1&status=pending', staff.headers, 403],
      ['/api/bookings?all=1&limit=0', diner.headers, 403],
      [`/api/payments/${encodeURIComponent(diner.email)}?limit=1`, staff.headers, 403],
      [`/api/payments/${encodeURIComponent(diner.email)}?limit=1`, {}, 401],
      ['/api/review?limit=1', {}, 200],
    ];
    for (const [path, headers, status] of cases) {
      const res = await get(path, headers);
      expect(res.status, `${path} ${JSON.stringify(headers).slice(0, 20)}`).toBe(status);
      if (status >= 400) expect(typeof (res.body as { error?: unknown }).error).toBe('string');
    }
  });
});
