/**
 * Every message, rendered from a real order or booking and sent to a real SMTP server: its
 * subject, its recipient, and the facts it must carry in both its HTML and its text part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { collections } from '@/lib/db';
import { restaurantDetails } from '@/lib/mail/restaurant';
import { mailOrderRefund } from '@/lib/mail/outbox';
import { sendDue } from '@/lib/mail/sender';
import { changeOrderStatus } from '@/lib/orders/orders';
import { changeBookingStatus, createBooking, listBookings } from '@/lib/reservations/bookings';
import { addDays } from '@/lib/reservations/calendar';
import { payForDish } from '../support/orders';
import { makeAdmin, makeDiner, makeStaff, staffOf, viewerOf, adminOf, type Person } from '../support/people';
import { startSmtpServer, type CaughtMail, type TestSmtpServer } from '../support/smtp';
import { restaurantClock } from '../support/clock';

let smtp: TestSmtpServer;
let diner: Person;
let staff: Person;
let admin: Person;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  diner = await makeDiner({ name: 'Mira Diner' });
  staff = await makeStaff();
  admin = await makeAdmin();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

/** Sends what is due and answers the one new message with this subject start. */
async function sent(subject: RegExp): Promise<CaughtMail> {
  await sendDue();
  const mail = smtp.messages.find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no message matches ${subject}; got ${smtp.messages.map((m) => m.subject).join(' | ')}`);
  return mail;
}

function expectBoth(mail: CaughtMail, ...facts: (string | RegExp)[]) {
  for (const fact of facts) {
    expect(mail.html.replaceAll('<!-- -->', '')).toMatch(fact);
    expect(mail.text).toMatch(fact);
  }
}

const paidOrder = async () =>
  payForDish(await viewerOf(diner), { name: 'Harbor Chowder', price: 12.5, options: [{ name: 'Bread', min: 1, max: 1, choices: [{ name: 'Sourdough', price: 1 }, { name: 'Rye', price: 0 }] }] }, {
    quantity: 2,
    options: [{ group: 'Bread', choices: ['Sourdough'] }],
    note: 'No pepper, please',
  });

describe('order messages', () => {
  let orderId: string;
  let number: number;

  beforeAll(async () => {
    orderId = await paidOrder();
    const { payments } = await collections();
    number = (await payments.findOne({ _id: new ObjectId(orderId) }))!.number!;
  });

  it('the confirmation carries the receipt: number, lines with options and notes, tip, total, table and a link', async () => {
    const restaurant = await restaurantDetails();
    const mail = await sent(new RegExp(`^Your order #${number} `));
    expect(mail.subject).toBe(`Your order #${number} at ${restaurant.name}: $27.00`);
    expect(mail.envelope.to).toEqual([diner.email]);
    expect(mail.parsed.to).toMatchObject({ value: [{ address: diner.email, name: 'Mira Diner' }] });
    expect(mail.parsed.replyTo).toMatchObject({ value: [{ address: restaurant.email }] });
    expectBoth(mail, `#${number}`, /2 × Harbor Chowder/, /Bread: Sourdough/, /No pepper, please/, /Tip/, /\$27\.00/, /Served at table 1/);
    expectBoth(mail, restaurant.name, restaurant.address, restaurant.phone);
    expectBoth(mail, `${restaurant.url}/dashboard/orders/${orderId}`);
  });

  it('"Ready for pickup" when the kitchen marks a pickup order ready', async () => {
    const { payments } = await collections();
    await payments.updateOne({ _id: new ObjectId(orderId) }, { $set: { fulfilment: { kind: 'pickup', date: '2030-06-14', time: '18:15', asap: false } } });
    const cook = await staffOf(staff);
    await changeOrderStatus(cook, orderId, { status: 'preparing' });
    await changeOrderStatus(cook, orderId, { status: 'ready' });
    const mail = await sent(/^Ready for pickup/);
    expect(mail.subject).toBe(`Ready for pickup: order #${number}`);
    expect(mail.envelope.to).toEqual([diner.email]);
    expectBoth(mail, `Your order #${number} is ready for pickup`, /18:15/, (await restaurantDetails()).address);
  });

  it('"cancelled" says so, and shows the refund once the order carries one; a partial refund has its own message', async () => {
    const cancelledId = await paidOrder();
    const { payments } = await collections();
    const cancelled = (await payments.findOne({ _id: new ObjectId(cancelledId) }))!;
    await changeOrderStatus(await staffOf(staff), cancelledId, { status: 'cancelled' });
    const plain = await sent(new RegExp(`^Your order #${cancelled.number} was cancelled`));
    expect(plain.envelope.to).toEqual([diner.email]);
    expectBoth(plain, `Your order #${cancelled.number} was cancelled`, (await restaurantDetails()).phone);
    expect(plain.text).not.toMatch(/refunded/i);

    // As the refund flow will record them: the money given back, on the order.
    const refund = { id: 'r1', cents: 1250, reason: 'One bowl was cold', at: new Date() };
    await payments.updateOne({ _id: cancelled._id }, { $push: { refunds: refund } });
    await mailOrderRefund({ ...cancelled, refunds: [refund] }, 'r1');
    const partial = await sent(/^Refund of/);
    expect(partial.subject).toBe(`Refund of $12.50 on order #${cancelled.number}`);
    expectBoth(partial, /We refunded \$12\.50/, /One bowl was cold/, /\$14\.50/);


    // The refund flow records the money on the order before it cancels: the message says what came back.
    const refundedId = await paidOrder();
    await payments.updateOne({ _id: new ObjectId(refundedId) }, { $push: { refunds: { id: 'r2', cents: 2700, at: new Date() } } });
    await changeOrderStatus(await staffOf(staff), refundedId, { status: 'cancelled' });
    const { number: refundedNumber } = (await payments.findOne({ _id: new ObjectId(refundedId) }))!;
    const withRefund = await sent(new RegExp(`^Your order #${refundedNumber} was cancelled`));
    expectBoth(withRefund, /We refunded \$27\.00/, /You paid in the end/, /\$0\.00/);
  });

  it('the restaurant hears of a new order when no kitchen display is connected', async () => {
    const restaurant = await restaurantDetails();
    const mail = await sent(new RegExp(`^New order #${number} for Mira Diner`));
    expect(mail.envelope.to).toEqual([restaurant.email]);
    expectBoth(mail, `New order #${number}`, /No kitchen display was connected/, /2 × Harbor Chowder/, /No pepper, please/, `${restaurant.url}/dashboard/kitchen`);
  });
});

describe('booking messages', () => {
  const today = restaurantClock(new Date()).today;

  it('received, confirmed, cancelled and expired, each to the diner with the date, time and party', async () => {
    const who = await viewerOf(diner);
    const date = addDays(today, 5);
    const booking = await createBooking(who, { date, time: '19:30', guests: 4, phone: '+1 555 010 7777', note: 'By the window' });
    const received = await sent(/we have your booking request/);
    expect(received.envelope.to).toEqual([diner.email]);
    expectBoth(received, /19:30/, /4 guests/, /By the window/, /We will confirm it/);

    await changeBookingStatus(await adminOf(admin), booking._id, 'confirmed');
    const confirmed = await sent(/your table is booked/);
    expect(confirmed.subject).toMatch(/19:30 on \w+day, \d+ \w+ \d{4}$/);
    expectBoth(confirmed, /Your table is booked for 19:30/);

    await changeBookingStatus(who, booking._id, 'cancelled');
    expectBoth(await sent(/your booking for .* is cancelled/), /The table is free again/);

    const late = await createBooking(who, { date: addDays(today, 6), time: '12:00', guests: 1, phone: '+1 555 010 7777' }, new Date(Date.now() - 72 * 3_600_000));
    await listBookings(who);
    const expired = await sent(/we could not confirm your booking/);
    expect(expired.envelope.to).toEqual([diner.email]);
    expectBoth(expired, /1 guest\b/, /went back on sale/);
    expect(late.status).toBe('pending');
  });
});
