/**
 * Push through the real web-push library to a local push service over HTTPS (./push-endpoint.ts)
 * that checks each request's VAPID JWT and decrypts its payload: a diner's device told its order
 * is ready, before any text; a subscription the service says is gone (410) removed and the notice
 * handed down to a text; a service down, then up, delivering once; staff devices alerted to new
 * orders; and the subscription API's refusals.
 */
import { globalAgent } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObjectId } from 'mongodb';
import webpush from 'web-push';
import { DELETE as unsubscribe, POST as subscribe } from '@/app/api/push/subscriptions/route';
import { collections } from '@/lib/db';
import { sendDue } from '@/lib/mail/sender';
import { changeOrderStatus } from '@/lib/orders/orders';
import { SITE, call } from '../support/http';
import { seedItem } from '../support/menu';
import { makeDiner, makeGuest, makeStaff, staffOf, type Person } from '../support/people';
import { payFor } from '../payments/support';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startFakeTwilio, twilioEnv, type FakeTwilio } from './fake-twilio';
import { startPushEndpoint, type PushEndpoint } from './push-endpoint';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

process.env.RATE_LIMIT_SCALE = '100000';

const vapid = webpush.generateVAPIDKeys();
let service: PushEndpoint;
let twilio: FakeTwilio;
let smtp: TestSmtpServer;
let staff: Person;

beforeAll(async () => {
  service = await startPushEndpoint();
  // This test's push service is trusted as a browser vendor's is.
  globalAgent.options.ca = service.ca;
  twilio = await startFakeTwilio();
  smtp = await startSmtpServer();
  staff = await makeStaff();
  Object.assign(process.env, { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:kitchen@bistro.test', SMTP_URL: smtp.url, ...twilioEnv(twilio) });
});

beforeEach(async () => {
  service.up();
  await sendDue();
  service.received.length = 0;
  twilio.messages.length = 0;
});

afterAll(async () => {
  for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'SMTP_URL', ...Object.keys(twilioEnv(twilio))]) delete process.env[key];
  delete globalAgent.options.ca;
  await Promise.all([service.close(), twilio.close(), smtp.close()]);
});

async function order(diner: Person, texts = true) {
  const { result } = await payFor(diner, [await seedItem({ name: 'Pushed Soup', price: 8 })], texts ? { texts: { phone: '+14155550123', consent: true } } : {});
  return { id: result.order._id, number: result.order.number! };
}

const register = (who: Person, json: unknown) => call<{ registered?: string; error?: string }>(subscribe, '/api/push/subscriptions', { as: who, json });

async function makeReady(id: string) {
  const cook = await staffOf(staff);
  await changeOrderStatus(cook, id, { status: 'preparing' });
  await changeOrderStatus(cook, id, { status: 'ready' });
}

describe('a diner\'s device', () => {
  it('told by push that the order is ready, signed with VAPID and encrypted for it; no text, no email', async () => {
    const diner = await makeDiner();
    const { id, number } = await order(diner);
    const device = service.subscribe(vapid.publicKey);
    expect(await register(diner, { subscription: { ...device, expirationTime: null }, orderId: id })).toMatchObject({ status: 201, body: { registered: 'order' } });
    await makeReady(id);
    await sendDue();
    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    expect(service.received[0]).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      payload: { title: `Order #${number} is on its way`, body: `Your order #${number} is on its way to table 1.`, url: `${SITE}/dashboard/orders/${id}`, tag: `order-ready:${id}` },
    });
    expect(twilio.messages).toHaveLength(0);
    expect((await (await collections()).outbox.findOne({ key: `order-ready:${id}` }))!).toMatchObject({ channel: 'push', state: 'sent' });
  });

  it('a subscription the push service answers 410 is removed, and the notice goes by text instead, at once', async () => {
    const diner = await makeDiner();
    const { id } = await order(diner);
    const device = service.subscribe(vapid.publicKey);
    await register(diner, { subscription: device, orderId: id });
    service.expire(device.endpoint);
    await makeReady(id);
    await sendDue();
    expect(await (await collections()).pushSubscriptions.countDocuments({ endpoint: device.endpoint })).toBe(0);
    expect(twilio.messages).toHaveLength(1);
    expect((await (await collections()).outbox.findOne({ key: `order-ready:${id}` }))!).toMatchObject({ channel: 'sms', state: 'sent', attempts: 1 });
  });

  it('a subscription made for another server\'s key is refused by the push service (VAPID checked), dropped, and the notice texted', async () => {
    const diner = await makeDiner();
    const { id } = await order(diner);
    const device = service.subscribe(webpush.generateVAPIDKeys().publicKey);
    await register(diner, { subscription: device, orderId: id });
    await makeReady(id);
    await sendDue();
    expect(service.refused).toContain('k is not the key the subscription was made with');
    expect(service.received).toHaveLength(0);
    expect(twilio.messages).toHaveLength(1);
    expect(await (await collections()).pushSubscriptions.countDocuments({ endpoint: device.endpoint })).toBe(0);
  });

  it('a push service that is down is waited for, not doubled by a text: delivered once when it is back', async () => {
    const diner = await makeDiner();
    const { id } = await order(diner);
    const device = service.subscribe(vapid.publicKey);
    await register(diner, { subscription: device, orderId: id });
    service.down();
    await makeReady(id);
    expect((await sendDue()).retrying).toBe(1);
    const { outbox } = await collections();
    expect(await outbox.findOne({ key: `order-ready:${id}` })).toMatchObject({ state: 'waiting', channel: 'push', lastError: 'The push service answered 503.' });
    service.up();
    await outbox.updateOne({ key: `order-ready:${id}` }, { $set: { nextAttemptAt: new Date() } });
    await sendDue();
    await sendDue();
    expect(service.received).toHaveLength(1);
    expect(twilio.messages).toHaveLength(0);
  });
});

describe('staff devices', () => {
  it('registered staff devices are alerted to each new order; a diner may not register as staff', async () => {
    const device = service.subscribe(vapid.publicKey);
    expect(await register(await makeDiner(), { subscription: device, staff: true })).toEqual({ status: 403, body: { error: 'Only restaurant staff may get new-order alerts.' } });
    expect(await register(staff, { subscription: device, staff: true })).toMatchObject({ status: 201, body: { registered: 'staff' } });
    const diner = await makeDiner();
    const { id, number } = await order(diner, false);
    await sendDue();
    expect(service.received.map((r) => r.payload)).toEqual([expect.objectContaining({ title: `New order #${number}`, url: `${SITE}/dashboard/kitchen`, tag: `staff-alert:${id}` })]);
    expect(await call(unsubscribe, '/api/push/subscriptions', { method: 'DELETE', as: staff, json: { endpoint: device.endpoint } })).toEqual({ status: 200, body: { removed: 1 } });
  });
});

describe('the subscription API refuses', () => {
  it('malformed subscriptions, an endpoint that is not https, another diner\'s order, and nobody signed in', async () => {
    const diner = await makeDiner();
    const { id } = await order(diner, false);
    const device = service.subscribe(vapid.publicKey);
    const cases: [unknown, RegExp][] = [
      [{ subscription: { endpoint: device.endpoint }, orderId: id }, /keys/],
      [{ subscription: { ...device, endpoint: device.endpoint.replace('https:', 'http:') }, orderId: id }, /endpoint must be an https:\/\/ address/],
      [{ subscription: { ...device, keys: { ...device.keys, p256dh: 'short' } }, orderId: id }, /p256dh must be 65 bytes/],
      [{ subscription: { ...device, keys: { ...device.keys, auth: '$$$' } }, orderId: id }, /auth must be base64url/],
      [{ subscription: device }, /Send \{ subscription, orderId \}/],
      [{ subscription: device, orderId: 'nope' }, /./],
    ];
    for (const [json, error] of cases) {
      const answer = await register(diner, json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
    expect(await register(await makeGuest(), { subscription: device, orderId: id })).toEqual({ status: 403, body: { error: 'This is not your order.' } });
    expect((await call(subscribe, '/api/push/subscriptions', { json: { subscription: device, orderId: id } })).status).toBe(401);
    expect(await (await collections()).pushSubscriptions.countDocuments({ orderId: new ObjectId(id) })).toBe(0);
  });

  it('push without VAPID keys is off, and says why', async () => {
    const keys = { pub: process.env.VAPID_PUBLIC_KEY, priv: process.env.VAPID_PRIVATE_KEY };
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    try {
      const diner = await makeDiner();
      const { id } = await order(diner, false);
      expect(await register(diner, { subscription: service.subscribe(vapid.publicKey), orderId: id })).toEqual({
        status: 400,
        body: { error: 'Push is off: no VAPID keys are configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).' },
      });
    } finally {
      Object.assign(process.env, { VAPID_PUBLIC_KEY: keys.pub, VAPID_PRIVATE_KEY: keys.priv });
    }
  });
});
