/**
 * The Email page's API as each kind of caller (anonymous 401, diner and staff 403, admin 200),
 * its pages and their Link, retry; the diner's preferences; the cron route's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { GET as cronRoute } from '@/app/api/cron/mail/route';
import { GET as outboxRoute } from '@/app/api/mail/outbox/route';
import { POST as retryRoute } from '@/app/api/mail/outbox/[id]/retry/route';
import { GET as getPreferences, PUT as putPreferences } from '@/app/api/mail/preferences/route';
import { collections } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { OUTBOX_PAGE_SIZE } from '@/lib/mail/admin';
import { createBooking } from '@/lib/reservations/bookings';
import { addDays } from '@/lib/reservations/calendar';
import type { MailPreferences, OutboxMessage, OutboxPage } from '@/lib/mail/types';
import { call, params, request } from '../support/http';
import { callers, makeDiner, viewerOf, type CallerKind } from '../support/people';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { restaurantClock } from '../support/clock';

let as: Record<CallerKind, Record<string, string>>;

beforeAll(async () => {
  as = await callers();
});

async function failedMessage(overrides: Partial<OutboxDoc> = {}): Promise<string> {
  const { outbox } = await collections();
  const ref = new ObjectId();
  const { insertedId } = await outbox.insertOne({
    key: `booking-received:${ref.toHexString()}`,
    kind: 'booking-received',
    ref,
    to: 'someone@bistro.test',
    state: 'failed',
    attempts: 7,
    nextAttemptAt: new Date(),
    lastError: '421 Service not available',
    createdAt: new Date(),
    ...overrides,
  });
  return insertedId.toHexString();
}

const list = (headers: Record<string, string>, query = '') => outboxRoute(request('GET', `/api/mail/outbox${query}`, { headers }), undefined);
const retry = (headers: Record<string, string>, id: string) => retryRoute(request('POST', `/api/mail/outbox/${id}/retry`, { headers }), params({ id }));

describe('GET /api/mail/outbox and retry: who may', () => {
  const cases: [CallerKind, number][] = [
    ['anonymous', 401],
    ['diner', 403],
    ['staff', 403],
    ['admin', 200],
  ];
  for (const [who, status] of cases) {
    it(`${who}: ${status}`, async () => {
      const res = await list(as[who]);
      expect(res.status).toBe(status);
      const body = (await res.json()) as OutboxPage & { error?: string };
      if (status === 200) expect(body).toMatchObject({ messages: expect.any(Array), counts: { failed: expect.any(Number), waiting: expect.any(Number) } });
      else expect(body).toEqual({ error: who === 'anonymous' ? 'Please log in.' : 'Only admins may do this.' });

      const id = await failedMessage();
      const retried = await retry(as[who], id);
      expect(retried.status).toBe(status);
      const { outbox } = await collections();
      expect((await outbox.findOne({ _id: new ObjectId(id) }))!.state).toBe(status === 200 ? 'waiting' : 'failed');
    });
  }
});

describe('the Email page API', () => {
  it('pages the failed messages newest first, with a Link to the next page, and never lists sent ones', async () => {
    const { outbox } = await collections();
    await outbox.deleteMany({});
    const ids: string[] = [];
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 3; i++) ids.push(await failedMessage());
    await failedMessage({ state: 'sent', sentAt: new Date() });
    await failedMessage({ state: 'waiting' });
    const first = await list(as.admin, '?state=failed');
    const page = (await first.json()) as OutboxPage;
    expect(page.messages.map((m) => m._id)).toEqual(ids.slice(-OUTBOX_PAGE_SIZE).reverse());
    expect(page.counts).toEqual({ failed: OUTBOX_PAGE_SIZE + 3, waiting: 1 });
    expect(page.messages[0]).toMatchObject({ kind: 'booking-received', to: 'someone@bistro.test', state: 'failed', lastError: '421 Service not available' });
    expect(first.headers.get('link')).toBe(`</api/mail/outbox?state=failed&before=${page.next}>; rel="next"`);
    const second = (await (await list(as.admin, `?state=failed&before=${page.next}`)).json()) as OutboxPage;
    expect(second.messages.map((m) => m._id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.next).toBeNull();
    const waiting = (await (await list(as.admin, '?state=waiting')).json()) as OutboxPage;
    expect(waiting.messages.map((m) => m.state)).toEqual(['waiting']);
  });

  it('retry: 404 for no such message, 409 for one not failed', async () => {
    expect((await retry(as.admin, new ObjectId().toHexString())).status).toBe(404);
    const waiting = await failedMessage({ state: 'waiting' });
    const res = await retry(as.admin, waiting);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'This message is already waiting to be sent.' });
  });

  it('retry puts a failed message back in line with its attempts from zero', async () => {
    const id = await failedMessage();
    const res = await retry(as.admin, id);
    expect(res.status).toBe(200);
    expect((await res.json()) as OutboxMessage).toMatchObject({ _id: id, state: 'waiting', attempts: 0 });
  });
});

describe('the diner\'s preferences', () => {
  it('"ready" emails are on until turned off, each person their own', async () => {
    const diner = await makeDiner();
    const other = await makeDiner();
    expect((await call<MailPreferences>(getPreferences, '/api/mail/preferences', { as: diner })).body).toEqual({ ready: true });
    const off = await call<MailPreferences>(putPreferences, '/api/mail/preferences', { as: diner, method: 'PUT', json: { ready: false } });
    expect(off).toEqual({ status: 200, body: { ready: false } });
    expect((await call<MailPreferences>(getPreferences, '/api/mail/preferences', { as: diner })).body).toEqual({ ready: false });
    expect((await call<MailPreferences>(getPreferences, '/api/mail/preferences', { as: other })).body).toEqual({ ready: true });
    expect((await call(getPreferences, '/api/mail/preferences')).status).toBe(401);
    const bad = await call(putPreferences, '/api/mail/preferences', { as: diner, method: 'PUT', json: { ready: 'no' } });
    expect(bad).toEqual({ status: 400, body: { error: 'ready: ready must be true or false' } });
  });
});

describe('GET /api/cron/mail', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.CRON_SECRET;
    await smtp.close();
  });

  it('is off without CRON_SECRET, refuses a wrong bearer, and drains with the right one', async () => {
    delete process.env.CRON_SECRET;
    expect((await call(cronRoute, '/api/cron/mail')).status).toBe(404);
    process.env.CRON_SECRET = 'cron-secret-for-tests-0123456789';
    expect((await call(cronRoute, '/api/cron/mail', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await call(cronRoute, '/api/cron/mail')).status).toBe(401);
    const { outbox } = await collections();
    await outbox.deleteMany({});
    const diner = await makeDiner();
    await createBooking(await viewerOf(diner), { date: addDays(restaurantClock(new Date()).today, 4), time: '19:00', guests: 2, phone: '+1 555 010 2024' });
    // A message about a booking that does not exist: nothing to say, so it fails rather than go out empty.
    await failedMessage({ state: 'waiting', attempts: 0 });
    const ok = await call<{ sent: number; failed: number }>(cronRoute, '/api/cron/mail', { headers: { authorization: 'Bearer cron-secret-for-tests-0123456789' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ sent: 1, failed: 1 });
    expect(smtp.messages.map((m) => m.envelope.to)).toEqual([[diner.email]]);
    expect((await outbox.findOne({ state: 'failed' }))!.lastError).toBe('The booking no longer exists.');
  });
});
