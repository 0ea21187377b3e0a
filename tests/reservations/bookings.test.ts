/**
 * The booking endpoints called as a browser or a script would: every caller kind, the capacity
 * of a slot under concurrent requests, the clock rules and the status transitions. The
 * restaurant here opens 11:00 to 22:00 every day.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listRoute, POST as createRoute } from '@/app/api/bookings/route';
import { PATCH as changeRoute } from '@/app/api/bookings/[id]/route';
import { collections } from '@/lib/db';
import type { BookingDoc } from '@/lib/db/documents';
import { createBooking } from '@/lib/reservations/bookings';
import type { Booking } from '@/lib/reservations/types';
import { addDays } from '@/lib/reservations/calendar';
import { slotKey } from '@/lib/reservations/seats';
import { errorOf, params, request } from '../support/http';
import { makeAdmin, makeDiner, viewerOf, type Person } from '../support/people';
import { restaurantClock } from '../support/clock';
import { changeSettings, everyDay } from '../support/settings';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

beforeAll(() =>
  changeSettings((s) => {
    s.schedule.hours = everyDay(['11:00', '22:00']);
  }),
);

const anonymous = { headers: {} };
const today = restaurantClock(new Date()).today;

// Every test books its own day, so slots never share seats across tests.
let day = 0;
const nextDay = () => addDays(today, ++day);

const booking = (date: string, overrides: Record<string, unknown> = {}) => ({ date, time: '19:00', guests: 2, phone: '+1 555 010 2024', ...overrides });

const book = (who: { headers: Record<string, string> }, json: unknown) => createRoute(request('POST', '/api/bookings', { headers: who.headers, json }), undefined);
const list = (who: { headers: Record<string, string> }, query = '') => listRoute(request('GET', `/api/bookings${query}`, { headers: who.headers }), undefined);
const change = (who: { headers: Record<string, string> }, id: string, status: string) =>
  changeRoute(request('PATCH', `/api/bookings/${id}`, { headers: who.headers, json: { status } }), params({ id }));

async function booked(who: Person, json = booking(nextDay())): Promise<Booking> {
  const res = await book(who, json);
  expect(res.status).toBe(201);
  return (await res.json()) as Booking;
}

async function seatsHeld(date: string, time = '19:00'): Promise<number> {
  const { bookingSlots } = await collections();
  return (await bookingSlots.findOne({ _id: slotKey(date, time) }))?.seats ?? 0;
}

describe('POST /api/bookings', () => {
  it('refuses anonymous callers and holds no seats', async () => {
    const date = nextDay();
    const res = await book(anonymous, booking(date));
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe('Please log in.');
    expect(await seatsHeld(date)).toBe(0);
  });

  it('books a pending table for a diner, under their account\'s name and email whatever the body says', async () => {
    const diner = await makeDiner();
    const date = nextDay();
    const res = await book(diner, { ...booking(date, { note: '  Birthday  ' }), name: 'Someone Else', email: 'x@y.z', status: 'confirmed' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ date, time: '19:00', guests: 2, note: 'Birthday', status: 'pending', name: diner.name, email: diner.email, started: false });
    expect(await seatsHeld(date)).toBe(2);
  });

  it('lets admins book too', async () => {
    const admin = await makeAdmin();
    expect((await booked(admin)).status).toBe('pending');
  });

  it.each([
    ['a past date', () => booking(addDays(today, -1)), 'date: That date has passed. Choose today or a later date.'],
    ['a slot before opening', () => booking(nextDay(), { time: '10:30' }), 'time: Choose a time from 11:00 to 21:30, on the hour or half past'],
    ['a slot at closing time', () => booking(nextDay(), { time: '22:00' }), 'time: Choose a time from 11:00 to 21:30, on the hour or half past'],
    ['a date beyond the booking window', () => booking(addDays(today, 91)), 'date: Tables can be booked up to 90 days ahead.'],
    ['a party of 13', () => booking(nextDay(), { guests: 13 }), 'guests: At most 12 guests online; call us for a larger party'],
    ['a missing phone', () => booking(nextDay(), { phone: undefined }), 'phone: Phone is required'],
  ])('refuses %s with 400 and holds no seats', async (_name, make, message) => {
    const diner = await makeDiner();
    const json = make();
    const res = await book(diner, json);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
    expect(await seatsHeld(json.date, json.time)).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const diner = await makeDiner();
    const res = await createRoute(request('POST', '/api/bookings', { headers: diner.headers, body: 'date=tomorrow' }), undefined);
    expect(res.status).toBe(415);
  });

  it('never sells more seats than the slot has, and says how many are left', async () => {
    const diner = await makeDiner();
    const date = nextDay();
    for (let i = 0; i < 3; i++) await booked(diner, booking(date, { guests: 12 }));
    const over = await book(diner, booking(date, { guests: 6 }));
    expect(over.status).toBe(409);
    expect(await errorOf(over)).toMatch(/^Only 4 seats are left at 19:00 on .+\. Choose fewer guests or another time\.$/);
    await booked(diner, booking(date, { guests: 4 }));
    const full = await book(diner, booking(date, { guests: 1 }));
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toMatch(/fully booked/);
    expect(await seatsHeld(date)).toBe(40);
  });

  it('fills a 40-seat slot with exactly 20 of 30 concurrent 2-guest bookings', async () => {
    const diners = await Promise.all(Array.from({ length: 5 }, () => makeDiner()));
    const date = nextDay();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book(diners[i % 5]!, booking(date))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(await seatsHeld(date)).toBe(40);
    const { bookings } = await collections();
    expect(await bookings.countDocuments({ date, time: '19:00' })).toBe(20);
  });

  it('holds when every booking reads the slot before any writes (calls in lockstep)', async () => {
    const diner = await makeDiner();
    const user = await viewerOf(diner);
    const date = nextDay();
    // Called directly, the bookings advance await by await together: a read-then-write check would let all 30 in.
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => createBooking(user, booking(date))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(await seatsHeld(date)).toBe(40);
  });

  it('gives the seats back when the booking cannot be saved', async () => {
    const diner = await makeDiner();
    const date = nextDay();
    const { bookings } = await collections();
    const proto = Object.getPrototypeOf(bookings) as typeof bookings;
    const insertOne = proto.insertOne;
    // Fail the booking's insert only: the slot counter is made through the same method.
    const spy = vi.spyOn(proto, 'insertOne').mockImplementation(function (this: typeof bookings, doc) {
      if ('status' in doc) return Promise.reject(new Error('disk full'));
      return insertOne.call(this, doc);
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await book(diner, booking(date, { guests: 5 }));
      expect(res.status).toBe(500);
      expect(await errorOf(res)).toBe('Something went wrong on our side.');
    } finally {
      spy.mockRestore();
      consoleError.mockRestore();
    }
    expect(await seatsHeld(date)).toBe(0);
    expect(await bookings.countDocuments({ date })).toBe(0);
  });
});

describe('GET /api/bookings', () => {
  it('refuses anonymous callers', async () => {
    const res = await list(anonymous);
    expect(res.status).toBe(401);
  });

  it('answers each diner their own bookings only, latest day first (the page puts upcoming ones soonest first)', async () => {
    const [dana, otto] = [await makeDiner(), await makeDiner()];
    const later = await booked(dana, booking(nextDay(), { time: '20:00' }));
    const sooner = await booked(dana, booking(today === later.date ? nextDay() : addDays(today, 1), { time: '11:00' }));
    const { bookings } = await collections();
    const past: BookingDoc = { ...booking(addDays(today, -3)), ownerUid: dana.uid, email: dana.email, name: dana.name, status: 'confirmed', createdAt: new Date() };
    await bookings.insertOne(past);
    await booked(otto);

    const mine = (await (await list(dana)).json()) as Booking[];
    const latestFirst = [sooner, later].sort((a, b) => b.date.localeCompare(a.date) || b._id.localeCompare(a._id));
    expect(mine.map((b) => [b._id ?? '', b.started])).toEqual([...latestFirst.map((b) => [b._id, false]), [past._id!.toHexString(), true]]);
    const others = (await (await list(otto)).json()) as Booking[];
    expect(others.every((b) => b.email === otto.email)).toBe(true);
  });

  it('answers every booking with ?all=1 to admins only', async () => {
    const diner = await makeDiner();
    const own = await booked(diner);
    const refused = await list(diner, '?all=1');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('Only admins may do this.');

    const all = (await (await list(await makeAdmin(), '?all=1')).json()) as Booking[];
    expect(all.some((b) => b._id === own._id)).toBe(true);
    expect(new Set(all.map((b) => b.email)).size).toBeGreaterThan(1);
  });

  it('refuses an unknown query', async () => {
    const res = await list(await makeAdmin(), '?all=yes');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('all: all must be 1');
  });
});

describe('PATCH /api/bookings/{id}', () => {
  it('refuses anonymous callers', async () => {
    const { _id } = await booked(await makeDiner());
    expect((await change(anonymous, _id, 'cancelled')).status).toBe(401);
  });

  it("refuses another diner's booking, and an owner confirming their own", async () => {
    const owner = await makeDiner();
    const { _id } = await booked(owner);
    const other = await change(await makeDiner(), _id, 'cancelled');
    expect(other.status).toBe(403);
    expect(await errorOf(other)).toBe('You may only change your own bookings.');
    const selfConfirm = await change(owner, _id, 'confirmed');
    expect(selfConfirm.status).toBe(403);
    expect(await errorOf(selfConfirm)).toBe('Only the restaurant can confirm a booking.');
    expect(((await (await list(owner)).json()) as Booking[])[0]?.status).toBe('pending');
  });

  it('lets the owner cancel, which gives the seats back once', async () => {
    const owner = await makeDiner();
    const date = nextDay();
    const { _id } = await booked(owner, booking(date, { guests: 3 }));
    const res = await change(owner, _id, 'cancelled');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id, status: 'cancelled' });
    expect(await seatsHeld(date)).toBe(0);
    const again = await change(owner, _id, 'cancelled');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('This booking is already cancelled.');
    expect(await seatsHeld(date)).toBe(0);
  });

  it('lets an admin confirm, then cancel; a cancelled booking is never confirmed again', async () => {
    const owner = await makeDiner();
    const admin = await makeAdmin();
    const date = nextDay();
    const { _id } = await booked(owner, booking(date, { guests: 4 }));
    expect(await (await change(admin, _id, 'confirmed')).json()).toMatchObject({ status: 'confirmed' });
    const twice = await change(admin, _id, 'confirmed');
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe('This booking is already confirmed.');
    expect((await change(admin, _id, 'cancelled')).status).toBe(200);
    expect(await seatsHeld(date)).toBe(0);
    const revive = await change(admin, _id, 'confirmed');
    expect(revive.status).toBe(409);
    expect(await errorOf(revive)).toBe('A cancelled booking cannot be confirmed.');
  });

  it('lets two admins race to cancel: one wins and the seats come back once', async () => {
    const owner = await makeDiner();
    const date = nextDay();
    const { _id } = await booked(owner, booking(date, { guests: 6 }));
    await booked(owner, booking(date, { guests: 2 }));
    const [a, b] = [await makeAdmin(), await makeAdmin()];
    const statuses = (await Promise.all([change(a, _id, 'cancelled'), change(b, _id, 'cancelled')])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await seatsHeld(date)).toBe(2);
  });

  it('refuses an owner cancelling a booking that has started, but lets an admin', async () => {
    const owner = await makeDiner();
    const { bookings } = await collections();
    const { insertedId } = await bookings.insertOne({
      ...booking(addDays(today, -1)),
      ownerUid: owner.uid,
      email: owner.email,
      name: owner.name,
      status: 'confirmed',
      createdAt: new Date(),
    });
    const id = insertedId.toHexString();
    const res = await change(owner, id, 'cancelled');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/already started/);
    expect((await change(await makeAdmin(), id, 'cancelled')).status).toBe(200);
  });

  it('answers 400 for a malformed id or status, 404 for an unknown id', async () => {
    const admin = await makeAdmin();
    expect((await change(admin, 'nope', 'cancelled')).status).toBe(400);
    const unknown = await change(admin, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'cancelled');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe('No booking has this id.');
    const { _id } = await booked(await makeDiner());
    const bad = await change(admin, _id, 'pending');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('status: status must be one of confirmed, cancelled');
  });

  it('refuses a cookie-session change that does not come from our own pages', async () => {
    const owner = await makeDiner();
    const { _id } = await booked(owner);
    const cookie = `bistro_session=${owner.headers.authorization!.slice('Bearer '.length)}`;
    const res = await change({ headers: { cookie } }, _id, 'cancelled');
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('Cross-origin request refused.');
  });
});
