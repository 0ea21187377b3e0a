/**
 * The outbox against a real SMTP server (smtp-server on a free port): written with its change,
 * never twice; delivered exactly once through a server that was down for 30 s and by two senders
 * at once; a refused address fails its message only; a name or a note cannot add a header or
 * markup; the diner's opt-out; and the sweep that writes what a dead process never did.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ObjectId } from 'mongodb';
import { GET as streamRoute } from '@/app/api/orders/stream/route';
import { collections, isDuplicateKeyError } from '@/lib/db';
import { smtpUrlProblem } from '@/lib/mail/config';
import { drainOutbox, startPeriodicDrain, stopPeriodicDrain } from '@/lib/mail/drain';
import { sweepChanges } from '@/lib/mail/outbox';
import { setMailPreferences } from '@/lib/mail/preferences';
import { sendDue } from '@/lib/mail/sender';
import { changeOrderStatus } from '@/lib/orders/orders';
import { createBooking } from '@/lib/reservations/bookings';
import { addDays } from '@/lib/reservations/calendar';
import { payForDish } from '../support/orders';
import { makeDiner, makeStaff, staffOf, viewerOf, type Person } from '../support/people';
import { freePort, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { save } from '../payments/support';
import { EventStreamReader } from '../support/event-stream';
import { request } from '../support/http';
import { restaurantClock } from '../support/clock';

let staff: Person;
const servers: TestSmtpServer[] = [];

beforeAll(async () => {
  staff = await makeStaff();
});

afterEach(async () => {
  stopPeriodicDrain();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_RETRY_SECONDS;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function smtpServer(...args: Parameters<typeof startSmtpServer>): Promise<TestSmtpServer> {
  const server = await startSmtpServer(...args);
  servers.push(server);
  process.env.SMTP_URL = server.url;
  return server;
}

const outboxOf = async (ref: string) => (await collections()).outbox.find({ ref: new ObjectId(ref) }).sort({ _id: 1 }).toArray();
const orderNumber = async (id: string) => (await (await collections()).payments.findOne({ _id: new ObjectId(id) }))!.number!;

describe('writing', () => {
  it('a payment writes its confirmation, waiting, before it is answered; a booking its own', async () => {
    const diner = await makeDiner();
    const orderId = await payForDish(await viewerOf(diner));
    const [confirmation] = await outboxOf(orderId);
    expect(confirmation).toMatchObject({ key: `order-confirmation:${orderId}`, kind: 'order-confirmation', to: diner.email, state: 'waiting', attempts: 0 });

    const booking = await createBooking(await viewerOf(diner), { date: addDays(restaurantClock(new Date()).today, 3), time: '19:00', guests: 2, phone: '+1 555 010 2024' });
    expect(await outboxOf(booking._id)).toMatchObject([{ key: `booking-received:${booking._id}`, to: diner.email, state: 'waiting' }]);
  });

  it('refuses a second message with the same key, and a repeated completion writes none', async () => {
    const diner = await makeDiner();
    const orderId = await payForDish(await viewerOf(diner));
    const { outbox, payments } = await collections();
    const [first] = await outboxOf(orderId);
    const { _id, ...copy } = first!;
    const duplicate = await outbox.insertOne(copy).catch((err: unknown) => err);
    expect(_id).toBeDefined();
    expect(isDuplicateKeyError(duplicate)).toBe(true);

    const order = (await payments.findOne({ _id: new ObjectId(orderId) }))!;
    const again = await save(diner, { transactionId: order.transactionId, price: order.price });
    expect(again.status).toBe(200);
    expect((await outboxOf(orderId)).filter((m) => m.kind === 'order-confirmation')).toHaveLength(1);
  });

  it('the diner who turned "ready" emails off gets none, and still gets the receipt', async () => {
    await smtpServer();
    const diner = await makeDiner();
    await setMailPreferences(await viewerOf(diner), { ready: false });
    const orderId = await payForDish(await viewerOf(diner));
    const cook = await staffOf(staff);
    await changeOrderStatus(cook, orderId, { status: 'preparing' });
    await changeOrderStatus(cook, orderId, { status: 'ready' });
    const kinds = (await outboxOf(orderId)).map((m) => m.kind);
    expect(kinds).toContain('order-confirmation');
    expect(kinds).not.toContain('order-ready');
    await sendDue();
    expect(servers[0]!.messages.filter((m) => m.envelope.to.includes(diner.email)).map((m) => m.subject)).toEqual([`Your order #${await orderNumber(orderId)} at Bistro Boss: $8.00`]);
  });

  it('no new-order notice to the restaurant while a kitchen display is connected; a diner\'s stream is no kitchen', async () => {
    const diner = await makeDiner();
    const listen = async (who: Person) => {
      const reader = new EventStreamReader(await streamRoute(request('GET', '/api/orders/stream?kitchen=1', { headers: who.headers }), undefined));
      expect((await reader.nextEvent()).event).toBe('hello');
      return reader;
    };
    const dinersOwn = await listen(diner);
    const unwatched = await payForDish(await viewerOf(diner));
    expect((await outboxOf(unwatched)).map((m) => m.kind)).toEqual(['order-confirmation', 'order-new']);

    const kitchen = await listen(staff);
    const watched = await payForDish(await viewerOf(diner));
    expect((await outboxOf(watched)).map((m) => m.kind)).toEqual(['order-confirmation']);
    await Promise.all([kitchen.close(), dinersOwn.close()]);
  });

  it('the sweep writes the message of a change whose process stopped before writing it', async () => {
    await sweepChanges();
    const diner = await makeDiner();
    const orderId = await payForDish(await viewerOf(diner));
    // The status written as changeOrderStatus writes it, and the process gone before its email.
    const at = new Date();
    const { payments } = await collections();
    await payments.updateOne({ _id: new ObjectId(orderId) }, { $set: { status: 'cancelled', updatedAt: at }, $push: { statusHistory: { status: 'cancelled', at } } });
    expect((await outboxOf(orderId)).map((m) => m.kind)).not.toContain('order-cancelled');
    expect(await sweepChanges()).toBe(1);
    expect((await outboxOf(orderId)).filter((m) => m.kind === 'order-cancelled')).toMatchObject([{ to: diner.email, state: 'waiting' }]);
    expect(await sweepChanges()).toBe(0);
  });
});

describe('sending', () => {
  it('an SMTP server down while an order is paid, up 30 s later: the receipt arrives, exactly once', async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.MAIL_RETRY_SECONDS = Array(30).fill('10').join(',');
    const diner = await makeDiner();
    // The outbox's 30 s go by on its clock, 10 s at a time, each step taken once the periodic drain
    // has tried again: the retries run as they would, without the wait.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const orderId = await payForDish(await viewerOf(diner));
      startPeriodicDrain(50);
      const confirmation = async () => (await outboxOf(orderId)).find((m) => m.kind === 'order-confirmation')!;
      // A try takes the message (its attempts counted) before it fails and puts it back to wait:
      // the clock moves on only once it is back, or the next try would be set from the moved time.
      const tried = async (times: number) =>
        vi.waitFor(async () => expect(await confirmation()).toMatchObject({ state: 'waiting', attempts: times }), { timeout: 15_000, interval: 20 });
      await tried(1);
      for (let retry = 1; retry <= 3; retry++) {
        vi.setSystemTime(Date.now() + 10_000);
        await tried(1 + retry);
      }
      expect((await confirmation()).lastError).toMatch(/ECONNREFUSED|connect/i);

      const server = await smtpServer({}, port);
      vi.setSystemTime(Date.now() + 10_000);
      await vi.waitFor(async () => expect((await confirmation()).state).toBe('sent'), { timeout: 15_000, interval: 20 });
      // Later rounds send nothing more.
      for (const ms of [10_000, 10_000]) {
        vi.setSystemTime(Date.now() + ms);
        await drainOutbox();
      }
      const receipts = server.messages.filter((m) => m.envelope.to.includes(diner.email));
      expect(receipts.map((m) => m.subject)).toEqual([`Your order #${await orderNumber(orderId)} at Bistro Boss: $8.00`]);
      expect(await confirmation()).toMatchObject({ state: 'sent', sentAt: expect.any(Date) });
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  it('two senders draining at once send each message once', async () => {
    const server = await smtpServer({ greetingDelayMs: 30 });
    await drainOutbox();
    const today = restaurantClock(new Date()).today;
    // Four diners, three bookings each: within what one address receives in an hour.
    const diners = [];
    for (let d = 0; d < 4; d++) diners.push(await viewerOf(await makeDiner()));
    for (let i = 0; i < 12; i++) await createBooking(diners[i % 4]!, { date: addDays(today, 10 + i), time: '19:00', guests: 2, phone: '+1 555 010 2024' });
    const [a, b] = await Promise.all([sendDue(), sendDue()]);
    expect(a.sent + b.sent).toBe(12);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    const subjects = server.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
  });

  it('an address the server refuses fails that message with the reply, and the next one still goes', async () => {
    const server = await smtpServer({ refuse: (address) => address.startsWith('nobody') });
    await drainOutbox();
    const gone = await makeDiner({ email: `nobody.${Date.now()}@bistro.test` });
    const fine = await makeDiner();
    const goneOrder = await payForDish(await viewerOf(gone));
    const fineOrder = await payForDish(await viewerOf(fine));
    const result = await sendDue();
    expect(result.failed).toBe(1);
    const [refused] = (await outboxOf(goneOrder)).filter((m) => m.kind === 'order-confirmation');
    expect(refused).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused!.lastError).toMatch(/^550 5\.1\.1 <nobody\..*>: Recipient address rejected: User unknown/);
    expect(server.messages.map((m) => m.subject)).toContain(`Your order #${await orderNumber(fineOrder)} at Bistro Boss: $8.00`);
  });
});

describe('bad input', () => {
  it('a name with a line break and "Bcc:" adds no header and no recipient', async () => {
    const server = await smtpServer();
    await drainOutbox();
    const diner = await makeDiner({ name: 'Eve\r\nBcc: thief@evil.test\r\nSubject: free food' });
    await payForDish(await viewerOf(diner));
    await sendDue();
    const mine = server.messages.filter((m) => m.envelope.to.includes(diner.email));
    expect(mine).toHaveLength(1);
    const [mail] = mine;
    expect(server.messages.flatMap((m) => m.envelope.to)).not.toContain('thief@evil.test');
    const header = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(header).not.toMatch(/^bcc:/im);
    expect(header.match(/^subject:/gim)).toHaveLength(1);
    expect(mail!.parsed.bcc).toBeUndefined();
    // The name went into the To header, on one line.
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: diner.email, name: 'Eve Bcc: thief@evil.test Subject: free food' }] });
    expect(mail!.subject).toMatch(/^Your order #\d+ at Bistro Boss/);
  });

  it('HTML in a note is escaped in the message', async () => {
    const server = await smtpServer();
    await drainOutbox();
    const diner = await makeDiner();
    await payForDish(await viewerOf(diner), {}, { note: '<img src=x onerror=alert(1)><b>Bcc: thief@evil.test</b>' });
    await sendDue();
    const [mail] = server.messages.filter((m) => m.envelope.to.includes(diner.email));
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).not.toContain('<b>Bcc');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;Bcc: thief@evil.test&lt;/b&gt;');
    expect(mail!.text).toContain('<img src=x onerror=alert(1)><b>Bcc: thief@evil.test</b>');
  });

  it('a malformed SMTP_URL is named', () => {
    expect(smtpUrlProblem({ SMTP_URL: 'mail.example.com:587' })).toMatch(/^SMTP_URL must start with smtp:\/\//);
    expect(smtpUrlProblem({ SMTP_URL: 'smtp//user:pass@host' })).toMatch(/^SMTP_URL is not a URL/);
    expect(smtpUrlProblem({ SMTP_URL: 'https://host' })).toMatch(/^SMTP_URL must start with smtp/);
    expect(smtpUrlProblem({ SMTP_URL: 'smtps://user:p%40ss@smtp.example.com:465' })).toBeNull();
    expect(smtpUrlProblem({})).toBeNull();
  });
});
