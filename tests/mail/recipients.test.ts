/**
 * Whom the restaurant's mailer writes to: booking emails only to a verified address, and any one
 * address at most a few messages an hour beyond the receipts of orders it really paid, so the
 * site cannot be used to flood somebody's inbox (book and cancel in a loop, or demo-mode receipts
 * under a victim's address). Cancelling a booking is rate-limited too.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH as patchBooking } from '@/app/api/bookings/[id]/route';
import { POST as postBooking } from '@/app/api/bookings/route';
import { collections } from '@/lib/db';
import { MAIL_PER_ADDRESS_HOUR } from '@/lib/mail/outbox';
import { LIMITS, MemoryRateLimitStore, setRateLimitStore } from '@/lib/rate-limit';
import { addDays } from '@/lib/reservations/calendar';
import { restaurantClock } from '../support/clock';
import { call, params } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { makeDiner, makeGuest, uniqueEmail, type Person } from '../support/people';
import { addLines, checkout, withFakeStripe, payDemo, save } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

let soup: string;
beforeAll(async () => {
  ({ soup } = await pricedMenuItems());
});
beforeEach(() => setRateLimitStore(new MemoryRateLimitStore()));

const mailTo = async (to: string) => (await collections()).outbox.find({ to }).sort({ _id: 1 }).toArray();
const sendable = (docs: Awaited<ReturnType<typeof mailTo>>) => docs.filter((doc) => doc.state !== 'failed');
let day = 0;
const book = (as: Person) =>
  call<{ _id: string; error?: string }>(postBooking, '/api/bookings', {
    as,
    json: { date: addDays(restaurantClock(new Date()).today, 2 + (day++ % 20)), time: '19:00', guests: 2, phone: '+1 555 010 2024', note: 'x'.repeat(300) },
  });
const cancel = (as: Person, id: string) => call<{ error?: string }>(patchBooking, `/api/bookings/${id}`, { method: 'PATCH', as, json: { status: 'cancelled' } }, params({ id }));

describe('bookings', () => {
  it('an account whose email is not verified books, and nothing is mailed to that address', async () => {
    const victim = uniqueEmail('victim');
    const unverified = await makeDiner({ email: victim, emailVerified: false });
    const booked = await book(unverified);
    expect(booked.status).toBe(201);
    expect((await cancel(unverified, booked.body._id)).status).toBe(200);
    expect(await mailTo(victim)).toEqual([]);
    // A verified account is told, as before.
    const verified = await makeDiner();
    expect((await book(verified)).status).toBe(201);
    expect(await mailTo(verified.email)).toMatchObject([{ kind: 'booking-received', state: 'waiting' }]);
  });

  it('book and cancel in a loop: the address gets a few messages an hour, the rest are kept unsent, and cancelling is rate-limited', async () => {
    const diner = await makeDiner();
    for (let i = 0; i < 4; i++) {
      const booked = await book(diner);
      expect(booked.status).toBe(201);
      expect((await cancel(diner, booked.body._id)).status).toBe(200);
    }
    const mail = await mailTo(diner.email);
    expect(mail).toHaveLength(8);
    expect(sendable(mail)).toHaveLength(MAIL_PER_ADDRESS_HOUR);
    expect(mail.filter((doc) => doc.state === 'failed')).toEqual(
      Array(8 - MAIL_PER_ADDRESS_HOUR).fill(expect.objectContaining({ attempts: 0, lastError: `Not sent: ${diner.email} had ${MAIL_PER_ADDRESS_HOUR} messages from us in the last hour.` })),
    );

    setRateLimitStore(new MemoryRateLimitStore());
    vi.stubEnv('RATE_LIMIT_SCALE', '1');
    try {
      const answers = [];
      for (let i = 0; i <= LIMITS.bookingChange.limit; i++) answers.push((await cancel(diner, '0'.repeat(24))).status);
      expect(answers.at(-1)).toBe(429);
      expect(answers.slice(0, -1).every((status) => status === 404)).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('receipts', () => {
  it('with the demo card (no payment), guests giving somebody’s address send them a few receipts an hour, no more', async () => {
    delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
    const victim = uniqueEmail('inbox');
    for (let i = 0; i < MAIL_PER_ADDRESS_HOUR + 2; i++) {
      const guest = await makeGuest();
      await addLines(guest, [soup]);
      const intent = (await checkout(guest, 0.01, { guest: { email: victim, name: 'Anybody' } })).body;
      expect((await payDemo(guest, intent.transactionId)).status).toBe(200);
    }
    const mail = await mailTo(victim);
    expect(mail.map((doc) => doc.kind)).toEqual(Array(MAIL_PER_ADDRESS_HOUR + 2).fill('order-confirmation'));
    expect(sendable(mail)).toHaveLength(MAIL_PER_ADDRESS_HOUR);
  });

  describe('of orders paid through Stripe', () => {
    const fake = withFakeStripe();

    it('always go out, and do not use up the address’s messages', async () => {
      const email = uniqueEmail('regular');
      const diner = await makeDiner({ email });
      for (let i = 0; i < MAIL_PER_ADDRESS_HOUR + 1; i++) {
        await addLines(diner, [soup]);
        const intent = (await checkout(diner)).body;
        fake().confirm(intent.transactionId);
        expect((await save(diner, intent)).status).toBe(200);
      }
      expect(sendable(await mailTo(email))).toHaveLength(MAIL_PER_ADDRESS_HOUR + 1);
      expect((await book(diner)).status).toBe(201);
      expect((await mailTo(email)).at(-1)).toMatchObject({ kind: 'booking-received', state: 'waiting' });
    });
  });
});
