/**
 * Table QR codes: a printed code works for the period the owner chose when making the codes,
 * and scanning it gives the browser a token for the table bound to the service day; checkout
 * takes only that day's token, and the payment checks it again just before the card is captured.
 * Making new codes stays possible, and ends every printed one at once.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as rotateRoute } from '@/app/api/tables/key/route';
import { collections } from '@/lib/db';
import { scanTable, tableTokens } from '@/lib/tables/tokens';
import { call } from '../support/http';
import { pricedMenuItems } from '../support/menu';
import { adminOf, makeDiner, type Person } from '../support/people';
import { testAdmin } from '../support/settings';
import { addLines, checkout, historyOf, payDemo } from '../payments/support';

vi.mock('next/cache', async () => (await import('../support/mocks')).mockNextCache());

const DAY = 24 * 60 * 60 * 1000;
const NOT_SCANNED = 'Scan the QR code on your table to order for it: this code is not (or no longer) that table’s.';
let soup: string;
let admin: Person;
beforeAll(async () => {
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  ({ soup } = await pricedMenuItems());
  admin = (await testAdmin()).person;
});

/** Table 2's printed code, as the sheet carries it now. */
const printed = async () => (await tableTokens(await adminOf(admin), 2))[1]!;
const atTable2 = (token: string) => ({ fulfilment: { kind: 'table', table: 2, token } });

describe('a table’s token', () => {
  it('is today’s once scanned: the printed code itself, or a token from an earlier day, orders nothing', async () => {
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const code = await printed();
    expect(await checkout(diner, 0.01, atTable2(code))).toEqual({ status: 403, body: { error: NOT_SCANNED } });
    // Two days back: just after midnight yesterday's token still works, for a meal that runs on past it.
    const earlier = await scanTable(2, code, new Date(Date.now() - 2 * DAY));
    expect(earlier).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await checkout(diner, 0.01, atTable2(earlier!))).toEqual({ status: 403, body: { error: NOT_SCANNED } });
    const today = (await scanTable(2, code))!;
    expect(today).not.toBe(earlier);
    const intent = await checkout(diner, 0.01, atTable2(today));
    expect(intent.status).toBe(200);
    expect((await payDemo(diner, intent.body.transactionId)).status).toBe(200);
  });

  it('is checked again at capture: a checkout opened with a token whose day has ended is voided, uncharged', async () => {
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const intent = (await checkout(diner, 0.01, atTable2((await scanTable(2, await printed()))!))).body;
    // The service day ends while the diner pays: the intent now carries earlier's token.
    const { checkout_intents } = await collections();
    const stale = (await scanTable(2, await printed(), new Date(Date.now() - 2 * DAY)))!;
    await checkout_intents.updateOne({ transactionId: intent.transactionId }, { $set: { tableToken: stale } });
    expect(await payDemo(diner, intent.transactionId)).toEqual({ status: 409, body: { error: `${NOT_SCANNED} Your card was not charged.` } });
    expect(await historyOf(diner)).toEqual([]);
  });

  it('is refused when the code has been replaced since it was scanned', async () => {
    const diner = await makeDiner();
    await addLines(diner, [soup]);
    const intent = (await checkout(diner, 0.01, atTable2((await scanTable(2, await printed()))!))).body;
    expect((await call(rotateRoute, '/api/tables/key', { as: admin, json: {} })).status).toBe(200);
    expect((await payDemo(diner, intent.transactionId)).status).toBe(409);
  });
});

describe('a printed code', () => {
  it('works for the period the owner chose when making the codes, then scans to nothing', async () => {
    const made = await call<{ rotatedAt: string; validUntil: string }>(rotateRoute, '/api/tables/key', { as: admin, json: { days: 7 } });
    expect(made.status).toBe(200);
    expect(new Date(made.body.validUntil).getTime() - new Date(made.body.rotatedAt).getTime()).toBe(7 * DAY);
    const code = await printed();
    expect(await scanTable(2, code, new Date(Date.now() + 6 * DAY))).not.toBeNull();
    expect(await scanTable(2, code, new Date(Date.now() + 8 * DAY))).toBeNull();
  });

  it('a period outside 1 to 365 days is refused, and nothing changes', async () => {
    const before = await printed();
    for (const days of [0, 366, 1.5, 'week']) {
      const res = await call<{ error: string }>(rotateRoute, '/api/tables/key', { as: admin, json: { days } });
      expect(res.status, String(days)).toBe(400);
    }
    expect(await printed()).toBe(before);
  });
});
