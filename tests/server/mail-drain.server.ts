/**
 * The production server's own periodic drain of the outbox, as it runs for a minute on a database
 * holding orders and bookings, with changes made meanwhile through the API: every drain sweeps the
 * changes and sends what is due, and none logs an error.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSessionToken } from '@/lib/auth/session';
import { EmbeddedDb } from '@/lib/db/embedded';
import { startServer, type RunningServer } from '../faults/server';
import { orderDoc } from '../support/order-doc';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

const secret = randomBytes(32).toString('hex');
process.env.SESSION_SECRET = secret;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-mail-drain-'));
const ADMIN = { uid: 'drain-admin', email: 'ada.drain@bistro.test', name: 'Ada Drain', role: 'admin' as const };
const DINER = { uid: 'drain-diner', email: 'dana.drain@bistro.test', name: 'Dana Drain' };
const MINUTE = 60_000;

let smtp: TestSmtpServer;
let server: RunningServer;
let orderId: string;

beforeAll(async () => {
  const db = await EmbeddedDb.open({ dataDir });
  // Booking emails go to verified addresses only (docs/email.md).
  await db.collection('users').insertMany([{ ...ADMIN }, { ...DINER, readyEmails: true, emailVerified: true }]);
  const now = Date.now();
  // A history to sweep past: orders and bookings of the last days, one order still in the kitchen.
  await db.collection('payments').insertMany(Array.from({ length: 40 }, (_, i) => orderDoc({
    ownerUid: DINER.uid, email: DINER.email, name: DINER.name, number: 2000 + i, status: i === 39 ? 'preparing' : 'completed',
    data: new Date(now - (40 - i) * 3_600_000), updatedAt: new Date(now - (40 - i) * 3_600_000),
  })));
  orderId = (await db.collection('payments').findOne({ status: 'preparing' }))!._id.toHexString();
  await db.collection('bookings').insertMany(Array.from({ length: 10 }, (_, i) => ({
    ownerUid: DINER.uid, email: DINER.email, name: DINER.name, date: '2030-01-0' + (i % 9 + 1), time: '19:00', guests: 2, phone: '+1 555 010 2024',
    status: 'confirmed' as const, createdAt: new Date(now - i * 3_600_000), updatedAt: new Date(now - i * 3_600_000),
  })));
  await db.close();
  smtp = await startSmtpServer();
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: secret, SMTP_URL: smtp.url, MAIL_DRAIN_SECONDS: '2' });
}, 90_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, as: typeof ADMIN | typeof DINER, json: unknown): Promise<Response> {
  const token = await createSessionToken(as, 0);
  return fetch(`${server.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: server.baseUrl }, body: JSON.stringify(json) });
}

it('drains every two seconds for a minute, sending what the changes call for, and logs no error', async () => {
  const started = Date.now();
  // The first drain only marks where sweeping starts; the changes after it are what is sent.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect((await call('PATCH', `/api/orders/${orderId}`, ADMIN, { status: 'ready' })).status).toBe(200);
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA');
  const booked = await call('POST', '/api/bookings', DINER, { date: inThreeDays, time: '19:00', guests: 2, phone: '+1 555 010 2024' });
  expect(booked.status).toBe(201);
  const toDiner = () => smtp.messages.filter((mail) => mail.envelope.to.includes(DINER.email)).map((mail) => mail.subject);
  const sent = (pattern: RegExp) => toDiner().filter((subject) => pattern.test(subject)).length;
  // What the changes call for: the order's "ready", and the booking just made (beside those the seeded bookings of the last minutes get).
  for (let waited = 0; (sent(/^Ready for pickup: order #2039/) < 1 || sent(/booking request/) < 2) && waited < 40_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(sent(/^Ready for pickup: order #2039/)).toBe(1);
  expect(sent(/booking request/)).toBeGreaterThanOrEqual(2);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, MINUTE - (Date.now() - started))));
  const output = server.output();
  expect(output).not.toMatch(/\[mail\] could not drain/);
  expect(output).not.toMatch(/TypeError|Error:/);
  // However many drains swept each change, it was sent once.
  expect(new Set(toDiner()).size).toBe(toDiner().length);
}, 120_000);
