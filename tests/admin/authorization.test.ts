/**
 * Every admin endpoint × every kind of caller: anonymous 401, diner and staff 403, admin success;
 * and the kitchen's endpoints: anonymous 401, diner 403, staff and admin success. Each case gets
 * fresh targets, and a refused call must leave the data as it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { POST as addItem } from '@/app/api/menu/route';
import { DELETE as deleteItem, PATCH as updateItem } from '@/app/api/menu/[id]/route';
import { GET as kitchenMenuRoute, POST as kitchenMenuActionRoute } from '@/app/api/menu/kitchen/route';
import { PUT as schedulesRoute } from '@/app/api/menu/schedules/route';
import { POST as uploadImage } from '@/app/api/images/route';
import { GET as listUsers } from '@/app/api/users/route';
import { PATCH as promoteRoute } from '@/app/api/users/admin/[key]/route';
import { DELETE as deleteUser, PATCH as setRoleRoute } from '@/app/api/users/[id]/route';
import { GET as statsRoute } from '@/app/api/stats/route';
import { GET as salesReportRoute } from '@/app/api/reports/sales/route';
import { GET as bookingsRoute } from '@/app/api/bookings/route';
import { PATCH as bookingRoute } from '@/app/api/bookings/[id]/route';
import { DELETE as deleteReviewRoute, PATCH as moderateReviewRoute } from '@/app/api/review/[id]/route';
import { GET as reviewsListRoute } from '@/app/api/review/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { PATCH as orderRoute } from '@/app/api/orders/[id]/route';
import { POST as lateRoute } from '@/app/api/orders/[id]/late/route';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { GET as settingsRoute, PUT as saveSettingsRoute } from '@/app/api/settings/route';
import { GET as orderingRoute, POST as orderingActionRoute } from '@/app/api/settings/ordering/route';
import { GET as statusRoute } from '@/app/api/settings/status/route';
import { PUT as tablesRoute } from '@/app/api/tables/route';
import { POST as tableKeyRoute } from '@/app/api/tables/key/route';
import { getOrderingState, readSnapshot } from '@/lib/settings/store';
import { collections, toObjectId } from '@/lib/db';
import { readLocalImage } from '@/lib/images/local-store';
import { addDays } from '@/lib/reservations/calendar';
import { createBooking } from '@/lib/reservations/bookings';
import { getOwnReview, saveReview } from '@/lib/reviews/reviews';
import { SITE, errorOf, params, request } from '../support/http';
import { PNG, imageForm } from '../support/images';
import { seedItem } from '../support/menu';
import { insertOrder } from '../support/orders';
import { callers, makeAdmin, makeDiner, viewerOf } from '../support/people';
import { restaurantClock } from '../support/clock';
import { atTable, kitchenDoes } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());
vi.mock('@/lib/auth/firebase-admin', async (importOriginal) => (await import('../support/mocks')).mockFirebaseAdmin(importOriginal));

/** What a guest is told by a route open to diners. */
const GUESTS_REFUSED = 'Guests can order and see their own orders only. Sign up to do this.';

interface Endpoint {
  name: string;
  /** Sets up what the call needs, calls it with these headers, and says whether data changed. */
  call: (headers: Record<string, string>) => Promise<{ res: Response; changed: () => Promise<boolean> }>;
  ok: number;
  /** What a signed-in caller without the role is told, when the endpoint words it its own way. */
  refusal?: string;
  /** What a guest is told, when the route is open to diners (who are then refused inside it). */
  guestRefusal?: string;
}

const unchanged = async () => false;
const tomorrow = () => addDays(restaurantClock(new Date()).today, 1);

const newItem = { name: 'Matrix Pie', category: 'dessert', price: 7.25, recipe: 'Apples', image: '/images/menu/dessert.svg' };

async function menuItemExists(id: string) {
  const { menu } = await collections();
  return (await menu.findOne({ _id: toObjectId(id)! })) !== null;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/menu',
    ok: 201,
    async call(headers) {
      const name = `${newItem.name} ${Math.random()}`;
      const res = await addItem(request('POST', '/api/menu', { headers, json: { ...newItem, name } }), undefined);
      const { menu } = await collections();
      return { res, changed: async () => (await menu.countDocuments({ name })) > 0 };
    },
  },
  {
    name: 'PATCH /api/menu/{id}',
    ok: 200,
    async call(headers) {
      const id = await seedItem();
      const res = await updateItem(request('PATCH', `/api/menu/${id}`, { headers, json: { price: 99 } }), params({ id }));
      const { menu } = await collections();
      return { res, changed: async () => (await menu.findOne({ _id: toObjectId(id)! }))?.price === 99 };
    },
  },
  {
    name: 'DELETE /api/menu/{id}',
    ok: 200,
    async call(headers) {
      const id = await seedItem();
      const res = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers }), params({ id }));
      return { res, changed: async () => !(await menuItemExists(id)) };
    },
  },
  {
    name: 'POST /api/images',
    ok: 201,
    async call(headers) {
      // Trailing bytes make this picture's content address its own: was it stored?
      const bytes = Uint8Array.from([...PNG, ...randomBytes(8)]);
      const res = await uploadImage(request('POST', '/api/images', { headers, body: imageForm(bytes) }), undefined);
      const name = `${createHash('sha256').update(bytes).digest('hex')}.png`;
      return { res, changed: async () => (await readLocalImage(name)) !== null };
    },
  },
  {
    name: 'GET /api/users',
    ok: 200,
    async call(headers) {
      return { res: await listUsers(request('GET', '/api/users', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'PATCH /api/users/admin/{id}',
    ok: 200,
    async call(headers) {
      const target = await makeDiner();
      const res = await promoteRoute(request('PATCH', `/api/users/admin/${target.id}`, { headers }), params({ key: target.id }));
      const { users } = await collections();
      return { res, changed: async () => (await users.findOne({ email: target.email }))?.role === 'admin' };
    },
  },
  {
    name: 'PATCH /api/users/{id}',
    ok: 200,
    async call(headers) {
      const target = await makeDiner();
      const res = await setRoleRoute(request('PATCH', `/api/users/${target.id}`, { headers, json: { role: 'staff' } }), params({ id: target.id }));
      const { users } = await collections();
      return { res, changed: async () => (await users.findOne({ email: target.email }))?.role === 'staff' };
    },
  },
  {
    name: 'GET /api/stats',
    ok: 200,
    async call(headers) {
      return { res: await statsRoute(request('GET', '/api/stats', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'GET /api/reports/sales',
    ok: 200,
    async call(headers) {
      return { res: await salesReportRoute(request('GET', '/api/reports/sales?from=2024-06-01&to=2024-06-30', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'GET /api/bookings?all=1',
    ok: 200,
    guestRefusal: GUESTS_REFUSED,
    async call(headers) {
      return { res: await bookingsRoute(request('GET', '/api/bookings?all=1', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'PATCH /api/bookings/{id} (confirm)',
    ok: 200,
    refusal: 'You may only change your own bookings.',
    guestRefusal: GUESTS_REFUSED,
    async call(headers) {
      const booking = await createBooking(await viewerOf(await makeDiner()), { date: tomorrow(), time: '19:00', guests: 2, phone: '+1 555 010 2024' });
      const res = await bookingRoute(request('PATCH', `/api/bookings/${booking._id}`, { headers, json: { status: 'confirmed' } }), params({ id: booking._id }));
      const { bookings } = await collections();
      return { res, changed: async () => (await bookings.findOne({ _id: toObjectId(booking._id)! }))?.status === 'confirmed' };
    },
  },
  {
    name: 'DELETE /api/review/{id}',
    ok: 200,
    async call(headers) {
      const author = await viewerOf(await makeDiner());
      const { review } = await saveReview(author, { rating: 4, details: 'A review to moderate.' });
      const res = await deleteReviewRoute(request('DELETE', `/api/review/${review._id}`, { headers }), params({ id: review._id }));
      return { res, changed: async () => (await getOwnReview(author)) === null };
    },
  },
  {
    name: 'GET /api/review?status=hidden',
    ok: 200,
    async call(headers) {
      return { res: await reviewsListRoute(request('GET', '/api/review?status=hidden', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'PATCH /api/review/{id} (hide)',
    ok: 200,
    async call(headers) {
      const author = await viewerOf(await makeDiner());
      const { review } = await saveReview(author, { rating: 4, details: 'A review to moderate.' });
      const res = await moderateReviewRoute(request('PATCH', `/api/review/${review._id}`, { headers, json: { hidden: true } }), params({ id: review._id }));
      return { res, changed: async () => (await getOwnReview(author))?.hidden === true };
    },
  },
  {
    name: 'GET /api/settings',
    ok: 200,
    async call(headers) {
      return { res: await settingsRoute(request('GET', '/api/settings', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'PUT /api/settings',
    ok: 200,
    async call(headers) {
      const { version, settings } = (await readSnapshot()).versioned;
      const name = `Matrix Bistro ${randomBytes(3).toString('hex')}`;
      const json = { version, settings: { ...settings, restaurant: { ...settings.restaurant, name } } };
      const res = await saveSettingsRoute(request('PUT', '/api/settings', { headers, json }), undefined);
      return { res, changed: async () => (await readSnapshot()).versioned.settings.restaurant.name === name };
    },
  },
  {
    name: 'PUT /api/tables',
    ok: 200,
    async call(headers) {
      const count = 1 + ((await readSnapshot()).versioned.settings.tables.count % 50);
      const res = await tablesRoute(request('PUT', '/api/tables', { headers, json: { count } }), undefined);
      return { res, changed: async () => (await readSnapshot()).versioned.settings.tables.count === count };
    },
  },
  {
    name: 'POST /api/tables/key',
    ok: 200,
    async call(headers) {
      const before = await atTable();
      const res = await tableKeyRoute(request('POST', '/api/tables/key', { headers }), undefined);
      return { res, changed: async () => (await atTable()).token !== before.token };
    },
  },
  {
    name: 'DELETE /api/users/{id}',
    ok: 200,
    async call(headers) {
      const target = await makeDiner();
      const res = await deleteUser(request('DELETE', `/api/users/${target.id}`, { headers }), params({ id: target.id }));
      const { users } = await collections();
      return { res, changed: async () => (await users.findOne({ email: target.email })) === null };
    },
  },
  {
    name: 'PUT /api/menu/schedules',
    ok: 200,
    async call(headers) {
      const { menuSections } = await collections();
      await menuSections.deleteOne({ _id: 'dessert' });
      const schedule = { days: ['saturday', 'sunday'], windows: [{ opens: '10:00', closes: '15:00', overnight: false }] };
      const res = await schedulesRoute(request('PUT', '/api/menu/schedules', { headers, json: { category: 'dessert', schedule } }), undefined);
      return { res, changed: async () => (await menuSections.findOne({ _id: 'dessert' })) !== null };
    },
  },
];

const expected: Record<'anonymous' | 'guest' | 'diner' | 'staff', { status: number; error: string }> = {
  anonymous: { status: 401, error: 'Please log in.' },
  guest: { status: 403, error: 'Only admins may do this.' },
  diner: { status: 403, error: 'Only admins may do this.' },
  staff: { status: 403, error: 'Only admins may do this.' },
};

describe.each(endpoints)('$name', (endpoint) => {
  it.each(['anonymous', 'guest', 'diner', 'staff'] as const)('refuses %s callers and changes nothing', async (who) => {
    const { res, changed } = await endpoint.call((await callers())[who]);
    expect(res.status).toBe(expected[who].status);
    const refusal = who === 'guest' ? endpoint.guestRefusal : endpoint.refusal;
    expect(await errorOf(res)).toBe(who === 'anonymous' ? expected[who].error : (refusal ?? expected[who].error));
    expect(await changed()).toBe(false);
  });

  it('serves admins', async () => {
    const { res, changed } = await endpoint.call((await callers()).admin);
    expect(res.status).toBe(endpoint.ok);
    expect(await res.json()).not.toHaveProperty('error');
    if (changed !== unchanged) expect(await changed()).toBe(true);
  });
});

/** The kitchen's endpoints: staff run them as admins do. The stream serves diners too (their own orders: tests/orders/stream.test.ts). */
const kitchen: Endpoint[] = [
  {
    name: 'GET /api/orders',
    ok: 200,
    async call(headers) {
      return { res: await ordersRoute(request('GET', '/api/orders?status=pending,preparing,ready', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'PATCH /api/orders/{id}',
    ok: 200,
    async call(headers) {
      const id = await insertOrder();
      const res = await orderRoute(request('PATCH', `/api/orders/${id}`, { headers, json: { status: 'preparing', from: 'pending' } }), params({ id }));
      const { payments } = await collections();
      return { res, changed: async () => (await payments.findOne({ _id: toObjectId(id)! }))?.status === 'preparing' };
    },
  },
  {
    name: 'POST /api/orders/{id}/late',
    ok: 200,
    async call(headers) {
      const id = await insertOrder();
      const res = await lateRoute(request('POST', `/api/orders/${id}/late`, { headers }), params({ id }));
      const { payments } = await collections();
      return { res, changed: async () => Boolean((await payments.findOne({ _id: toObjectId(id)! }))?.late) };
    },
  },
  {
    name: 'GET /api/settings/ordering',
    ok: 200,
    async call(headers) {
      return { res: await orderingRoute(request('GET', '/api/settings/ordering', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'POST /api/settings/ordering',
    ok: 200,
    async call(headers) {
      await kitchenDoes({ action: 'resume' });
      const res = await orderingActionRoute(request('POST', '/api/settings/ordering', { headers, json: { action: 'pause', minutes: 15 } }), undefined);
      const changed = async () => (await getOrderingState()).pause !== null;
      // Taking orders again for the tests after this one.
      return { res, changed: async () => ((await changed()) ? (await kitchenDoes({ action: 'resume' }), true) : false) };
    },
  },
  {
    name: 'GET /api/menu/kitchen',
    ok: 200,
    async call(headers) {
      return { res: await kitchenMenuRoute(request('GET', '/api/menu/kitchen', { headers }), undefined), changed: unchanged };
    },
  },
  {
    name: 'POST /api/menu/kitchen',
    ok: 200,
    async call(headers) {
      const id = await seedItem();
      const res = await kitchenMenuActionRoute(request('POST', '/api/menu/kitchen', { headers, json: { action: 'off', menuId: id, for: 'manual' } }), undefined);
      const { menuStatus } = await collections();
      return { res, changed: async () => (await menuStatus.findOne({ _id: id }))?.off?.for === 'manual' };
    },
  },
];

describe.each(kitchen)('$name', (endpoint) => {
  it.each([
    ['anonymous', 401, 'Please log in.'],
    ['guest', 403, 'Only restaurant staff may do this.'],
    ['diner', 403, 'Only restaurant staff may do this.'],
  ] as const)('refuses %s callers (%i) and changes nothing', async (who, status, error) => {
    const { res, changed } = await endpoint.call((await callers())[who]);
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toBe(error);
    expect(await changed()).toBe(false);
  });

  it.each(['staff', 'admin'] as const)('serves %s', async (who) => {
    const { res, changed } = await endpoint.call((await callers())[who]);
    expect(res.status).toBe(endpoint.ok);
    expect(await res.json()).not.toHaveProperty('error');
    if (changed !== unchanged) expect(await changed()).toBe(true);
  });
});

describe('GET /api/orders/stream', () => {
  it('answers 401 { error } to anonymous callers, and an event stream to every signed-in role, guests too', async () => {
    const who = await callers();
    const anonymous = await streamRoute(request('GET', '/api/orders/stream', { headers: who.anonymous }), undefined);
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toBe('Please log in.');
    for (const role of ['guest', 'diner', 'staff', 'admin'] as const) {
      const res = await streamRoute(request('GET', '/api/orders/stream', { headers: who[role] }), undefined);
      expect(res.status, role).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await res.body?.cancel();
    }
  });
});

describe('GET /api/settings/status', () => {
  it('tells anybody, signed in or not, whether orders are taken now', async () => {
    const who = await callers();
    for (const role of ['anonymous', 'diner', 'staff', 'admin'] as const) {
      const res = await statusRoute(request('GET', '/api/settings/status', { headers: who[role] }), undefined);
      expect(res.status, role).toBe(200);
      expect(await res.json()).toMatchObject({ open: true, stopped: false, text: expect.stringMatching(/^Open now/) });
    }
  });
});

describe('an admin whose role was taken away', () => {
  it('is refused at once: the role is read from the database, not from the token', async () => {
    const admin = await makeAdmin();
    const { users } = await collections();
    await users.updateOne({ email: admin.email }, { $unset: { role: '' } });
    const res = await listUsers(request('GET', '/api/users', { headers: admin.headers }), undefined);
    expect(res.status).toBe(403);
  });
});

describe('cookie sessions', () => {
  it('refuse an admin write that does not come from our own pages (no Origin)', async () => {
    const admin = await makeAdmin();
    const cookie = `bistro_session=${admin.headers.authorization!.slice('Bearer '.length)}`;
    const id = await seedItem();
    const res = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers: { cookie } }), params({ id }));
    expect(res.status).toBe(403);
    expect(await menuItemExists(id)).toBe(true);
    const same = await deleteItem(request('DELETE', `/api/menu/${id}`, { headers: { cookie, origin: SITE } }), params({ id }));
    expect(same.status).toBe(200);
  });
});
