/**
 * Texts through the real Twilio library against a local fake of Twilio's Messages API
 * (./fake-twilio.ts), from real orders paid through the handlers: each message (number, body,
 * link), the consent kept, one event sent once by the best channel with the provider down for
 * 30 s and then back, STOP, START and HELP through signed inbound requests, and the monthly cap
 * falling back to email.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObjectId } from 'mongodb';
import { POST as inbound } from '@/app/api/webhooks/sms/route';
import { collections } from '@/lib/db';
import { startPeriodicDrain, stopPeriodicDrain } from '@/lib/mail/drain';
import { sendDue } from '@/lib/mail/sender';
import { noticesOverview } from '@/lib/notify/overview';
import { TEXT_CONSENT_WORDING } from '@/lib/notify/types';
import { changeOrderStatus } from '@/lib/orders/orders';
import { tellRunningLate } from '@/lib/orders/late';
import { refundOrder } from '@/lib/payments/refunds';
import { SITE } from '../support/http';
import { seedItem } from '../support/menu';
import { adminOf, makeAdmin, makeDiner, makeGuest, makeStaff, staffOf, type Person } from '../support/people';
import { changeSettings } from '../support/settings';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { payFor } from '../payments/support';
import { startFakeTwilio, twilioEnv, twilioSignature, type FakeTwilio } from './fake-twilio';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

process.env.RATE_LIMIT_SCALE = '100000';

let twilio: FakeTwilio;
let smtp: TestSmtpServer;
let staff: Person;
const PHONE = '+14155550123';
const env = (vars: Record<string, string>) => Object.assign(process.env, vars);

beforeAll(async () => {
  twilio = await startFakeTwilio();
  smtp = await startSmtpServer();
  staff = await makeStaff();
});

beforeEach(async () => {
  env({ ...twilioEnv(twilio), SMTP_URL: smtp.url });
  twilio.up();
  twilio.slow(0);
  // What earlier tests left to send is sent, so each test reads only its own.
  await sendDue();
  twilio.messages.length = 0;
  smtp.messages.length = 0;
});

afterEach(() => {
  stopPeriodicDrain();
  delete process.env.MAIL_RETRY_SECONDS;
});

afterAll(async () => {
  for (const key of Object.keys(twilioEnv(twilio))) delete process.env[key];
  delete process.env.SMTP_URL;
  await Promise.all([twilio.close(), smtp.close()]);
});

/** A diner pays for a soup through the handlers, texts at `phone` ticked (or not). */
async function orderWithTexts(diner: Person, phone: string | null = PHONE): Promise<{ id: string; number: number }> {
  const { result } = await payFor(diner, [await seedItem({ name: 'Texted Soup', price: 8 })], phone ? { texts: { phone, consent: true } } : {});
  return { id: result.order._id, number: result.order.number! };
}

async function makeReady(id: string): Promise<void> {
  const cook = await staffOf(staff);
  await changeOrderStatus(cook, id, { status: 'preparing' });
  await changeOrderStatus(cook, id, { status: 'ready' });
}

const noticeOf = async (id: string, kind: string) => (await collections()).outbox.findOne({ key: `${kind}:${id}` });
const emailsTo = (person: Person) => smtp.messages.filter((m) => m.envelope.to.includes(person.email));

describe('the texts', () => {
  it('"ready" reaches the number the diner gave at checkout, once, with the order number and its receipt link; no email', async () => {
    const diner = await makeDiner();
    const order = await orderWithTexts(diner, '(415) 555-0123');
    await makeReady(order.id);
    await sendDue();
    await sendDue();
    expect(twilio.messages).toHaveLength(1);
    const [text] = twilio.messages;
    expect(text!.to).toBe(PHONE);
    expect(text!.messagingServiceSid).toMatch(/^MG/);
    expect(text!.body).toBe(`Bistro Boss: Your order #${order.number} is on its way to table 1. ${SITE}/dashboard/orders/${order.id} Reply STOP to stop texts.`);
    expect(await noticeOf(order.id, 'order-ready')).toMatchObject({ state: 'sent', channel: 'sms', attempts: 1 });
    expect(emailsTo(diner).map((m) => m.subject)).toEqual([`Your order #${order.number} at Bistro Boss: $8.00`]);
  });

  it('keeps the consent word for word with its time and address, on the checkout and on the account', async () => {
    const diner = await makeDiner();
    const before = Date.now();
    const { id } = await orderWithTexts(diner);
    const { payments, orderTexts, users } = await collections();
    const order = await payments.findOne({ _id: new ObjectId(id) });
    const kept = await orderTexts.findOne({ _id: order!.transactionId });
    expect(kept).toMatchObject({ ownerUid: diner.uid, phone: PHONE, consent: { wording: TEXT_CONSENT_WORDING, address: expect.any(String) } });
    expect(kept!.consent.at.getTime()).toBeGreaterThanOrEqual(before);
    expect((await users.findOne({ uid: diner.uid }))!.textPreferences).toMatchObject({ phone: PHONE, consent: { wording: TEXT_CONSENT_WORDING } });
  });

  it('a guest gives a number for one order: texted, and nothing kept on their account', async () => {
    const guest = await makeGuest();
    const { id } = await payFor(guest, [await seedItem({ name: 'Guest Soup', price: 8 })], { guest: { email: 'guest.texts@bistro.test', name: 'Gus' }, texts: { phone: '+14155550199', consent: true } }).then((r) => ({ id: r.result.order._id }));
    await makeReady(id);
    await sendDue();
    expect(twilio.messages.map((m) => m.to)).toEqual(['+14155550199']);
    expect((await (await collections()).users.findOne({ uid: guest.uid }))!.textPreferences).toBeUndefined();
  });

  it('"running late" says the new time on the restaurant\'s clock, and a refund says how much and why', async () => {
    await changeSettings((s) => {
      s.notices.lateExtraMinutes = 20;
    });
    const diner = await makeDiner();
    const order = await orderWithTexts(diner);
    const now = new Date('2030-06-14T17:20:00Z');
    await tellRunningLate(await staffOf(staff), order.id, now);
    await sendDue();
    const timeZone = (await import('@/lib/settings/store')).getSettings;
    const zone = (await timeZone()).schedule.timeZone;
    const at = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone, hourCycle: 'h23' }).format(new Date(now.getTime() + 20 * 60_000));
    expect(twilio.messages.map((m) => m.body)).toEqual([`Bistro Boss: Sorry, your order #${order.number} is running late. It should be ready at about ${at}. ${SITE}/dashboard/orders/${order.id} Reply STOP to stop texts.`]);

    const admin = await adminOf(await makeAdmin());
    await refundOrder(admin, order.id, { amountCents: 300, reason: 'Cold soup' });
    await sendDue();
    expect(twilio.messages.at(-1)!.body).toBe(`Bistro Boss: We refunded $3.00 on your order #${order.number} (Cold soup). Your bank shows it in a few days. ${SITE}/dashboard/orders/${order.id} Reply STOP to stop texts.`);
  });
});

describe('one event, the best channel, once', () => {
  it('Twilio down while the order is made ready, up 30 s later: one text, no email, however often the event is written', async () => {
    env({ MAIL_RETRY_SECONDS: Array(30).fill('2').join(',') });
    const diner = await makeDiner();
    const order = await orderWithTexts(diner);
    twilio.down();
    startPeriodicDrain(1000);
    await makeReady(order.id);
    // The event written again, as a retried request or the sweep would: still one message.
    const { payments } = await collections();
    await (await import('@/lib/mail/outbox')).mailOrderStatus((await payments.findOne({ _id: new ObjectId(order.id) }))!);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    // Read between two tries: the drain, every second, may be holding it ('sending') at any instant.
    const waiting = await vi.waitFor(
      async () => {
        const notice = await noticeOf(order.id, 'order-ready');
        expect(notice).toMatchObject({ state: 'waiting', channel: 'sms' });
        return notice;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(waiting!.attempts).toBeGreaterThan(3);
    expect(waiting!.lastError).toMatch(/Service Unavailable/);
    expect(twilio.messages).toHaveLength(0);

    twilio.up();
    await vi.waitFor(async () => expect((await noticeOf(order.id, 'order-ready'))!.state).toBe('sent'), { timeout: 15_000, interval: 250 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(twilio.messages.filter((m) => m.body.includes(`#${order.number} is`))).toHaveLength(1);
    expect(emailsTo(diner).filter((m) => /Ready|table/.test(m.subject ?? ''))).toHaveLength(0);
    expect(await (await collections()).outbox.countDocuments({ ref: new ObjectId(order.id), kind: 'order-ready' })).toBe(1);
  }, 60_000);

  it('a Twilio that answers in 10 s holds no request: the status change answers at once and the text follows', async () => {
    const diner = await makeDiner();
    const order = await orderWithTexts(diner);
    twilio.slow(10_000);
    const started = performance.now();
    await makeReady(order.id);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(twilio.messages).toHaveLength(0);
    await sendDue();
    expect(twilio.messages).toHaveLength(1);
  }, 30_000);

  it('without texts at checkout the diner is emailed', async () => {
    const diner = await makeDiner();
    const order = await orderWithTexts(diner, null);
    await makeReady(order.id);
    await sendDue();
    expect(twilio.messages).toHaveLength(0);
    expect(await noticeOf(order.id, 'order-ready')).toMatchObject({ state: 'sent', channel: 'email' });
    expect(emailsTo(diner).map((m) => m.subject)).toContain(`On its way to table 1: order #${order.number}`);
  });

  it('a number Twilio says replied STOP (21610) is recorded as such and emailed instead', async () => {
    const diner = await makeDiner();
    const phone = '+14155550142';
    const order = await orderWithTexts(diner, phone);
    twilio.unsubscribed.add(phone);
    await makeReady(order.id);
    await sendDue();
    expect(await noticeOf(order.id, 'order-ready')).toMatchObject({ state: 'sent', channel: 'email' });
    expect(await (await collections()).smsOptOuts.findOne({ _id: phone })).toMatchObject({ keyword: 'STOP (the provider said so)' });
  });
});

describe('STOP, START and HELP', () => {
  const webhook = `${SITE}/api/webhooks/sms`;
  const reply = (from: string, body: string, extra: Record<string, string> = {}, signature?: string) => {
    const params = { MessageSid: `SM${'1'.repeat(32)}`, AccountSid: twilioEnv(twilio).TWILIO_ACCOUNT_SID!, From: from, To: '+15005550006', Body: body, NumMedia: '0', ...extra };
    return inbound(
      new Request(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilioSignature(webhook, params) },
        body: new URLSearchParams(params).toString(),
      }),
      undefined,
    );
  };

  it('STOP, signed: nothing more is texted to the number, the order is emailed, and a new opt-in with it is refused; START undoes it', async () => {
    const phone = '+14155550177';
    const diner = await makeDiner();
    const order = await orderWithTexts(diner, phone);
    const stopped = await reply(phone, ' stop ');
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get('content-type')).toBe('text/xml');
    expect(await stopped.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await makeReady(order.id);
    await sendDue();
    expect(twilio.messages).toHaveLength(0);
    expect(await noticeOf(order.id, 'order-ready')).toMatchObject({ channel: 'email', state: 'sent' });

    const again = await payFor(diner, [await seedItem({ name: 'Texted Soup', price: 8 })], { texts: { phone, consent: true } }).catch((err: Error) => err);
    expect(String(again)).toMatch(/replied STOP/);

    expect((await reply(phone, 'START')).status).toBe(200);
    expect(await (await collections()).smsOptOuts.findOne({ _id: phone })).toBeNull();
  });

  it('HELP is answered with who we are and how to reach us; Twilio\'s own HELP reply is not doubled', async () => {
    const help = await reply(PHONE, 'help');
    expect(await help.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Bistro Boss: we text about your orders only (ready, running late, refunds), never marketing. Help: +1 (555) 010-2024 or hello@bistro.test. Reply STOP to stop texts, START to get them again.</Message></Response>',
    );
    const handled = await reply(PHONE, 'HELP', { OptOutType: 'HELP' });
    expect(await handled.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('a request with a bad signature, or none, is refused (403) and changes nothing', async () => {
    const phone = '+14155550188';
    const forged = await reply(phone, 'STOP', {}, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: 'The signature does not match this request: it is not from the SMS provider.' });
    // Signed for other fields than the ones sent.
    const params = { From: phone, Body: 'HELP' };
    const tampered = await reply(phone, 'STOP', {}, twilioSignature(webhook, params));
    expect(tampered.status).toBe(403);
    expect(await (await collections()).smsOptOuts.findOne({ _id: phone })).toBeNull();
  });
});

describe('the monthly cap', () => {
  it('past the cap, notices go by email, and the admin home says so', async () => {
    const { textMonths } = await collections();
    const { monthOf } = await import('@/lib/notify/sms/cap');
    await textMonths.deleteMany({});
    await changeSettings((s) => {
      s.notices.textsPerMonth = 1;
    });
    const first = await makeDiner();
    const second = await makeDiner();
    const a = await orderWithTexts(first);
    const b = await orderWithTexts(second, '+14155550166');
    await makeReady(a.id);
    await makeReady(b.id);
    await sendDue();
    expect(twilio.messages.map((m) => m.to)).toEqual([PHONE]);
    expect(await noticeOf(b.id, 'order-ready')).toMatchObject({ channel: 'email', state: 'sent' });
    expect(emailsTo(second).map((m) => m.subject)).toContain(`On its way to table 1: order #${b.number}`);
    const admin = await adminOf(await makeAdmin());
    expect(await noticesOverview(admin)).toMatchObject({ sms: { on: true, detail: `Twilio (through ${twilio.url})` }, textsThisMonth: 1, textsPerMonth: 1 });
    expect((await textMonths.findOne({ _id: await monthOf() }))!.sent).toBe(1);
    await changeSettings((s) => {
      s.notices.textsPerMonth = 500;
    });
  });
});
