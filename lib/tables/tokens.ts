import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, isDuplicateKeyError } from '@/lib/db';
import type { TableKeyDoc } from '@/lib/db/documents';
import { addDays } from '@/lib/reservations/calendar';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { TABLE_COOKIE_MAX_AGE, TABLE_TOKEN } from './table-mode';

/**
 * The tables' QR codes and the tokens they give. A printed code carries its table's number signed
 * with the restaurant's table key (HMAC-SHA256, cut to 96 bits), and works until the end of the
 * period the owner chose when the codes were made (`validUntil`); making new codes ends every
 * printed one at once. Scanning a printed code gives the browser a token for that table bound to
 * the restaurant's service day: that is what checkout takes, and what the payment checks again
 * just before the card is captured. So a photo of a code works only while the code does, and a
 * table's token from one evening orders nothing the next.
 */

/** How long new codes work when the owner does not say. */
export const DEFAULT_CODE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

async function keys() {
  return (await collections()).tableKeys;
}

async function currentKey(): Promise<TableKeyDoc | null> {
  return (await keys()).findOne({ _id: 'tableKey' });
}

function sign(key: string, subject: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(subject).digest('base64url').slice(0, 16);
}

const printedSubject = (table: number) => `table:${table}`;
const daySubject = (table: number, day: string) => `table:${table}:day:${day}`;

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function newKey(admin: Admin, days: number, now = clockNow()): TableKeyDoc {
  return { _id: 'tableKey', key: randomBytes(32).toString('base64url'), rotatedAt: now, rotatedBy: admin.uid, validUntil: new Date(now.getTime() + days * DAY_MS) };
}

/** The key the sheet is printed with, made the first time one is printed. */
async function printingKey(admin: Admin): Promise<TableKeyDoc> {
  const found = await currentKey();
  if (found) return found;
  const made = newKey(admin, DEFAULT_CODE_DAYS);
  try {
    await (await keys()).insertOne(made);
    return made;
  } catch (err) {
    // Two admins printing at once: the first key made is the one.
    if (!isDuplicateKeyError(err)) throw err;
    return (await currentKey())!;
  }
}

/** Each table's printed token, for its QR code (admins). */
export async function tableTokens(admin: Admin, count: number): Promise<string[]> {
  authorize(admin, 'admin');
  const { key } = await printingKey(admin);
  return Array.from({ length: count }, (_, i) => sign(key, printedSubject(i + 1)));
}

/** Until when the printed codes work (admins): the Tables page says it. */
export async function codesValidUntil(admin: Admin): Promise<Date> {
  authorize(admin, 'admin');
  return (await printingKey(admin)).validUntil;
}

/**
 * New codes, working for `days` from now: every QR code printed so far stops working, and the
 * sheet must be printed again.
 */
export async function rotateTableKey(admin: Admin, days = DEFAULT_CODE_DAYS): Promise<{ rotatedAt: string; validUntil: string }> {
  authorize(admin, 'admin');
  const made = newKey(admin, days);
  const { _id, ...fields } = made;
  await (await keys()).updateOne({ _id }, { $set: fields }, { upsert: true });
  return { rotatedAt: made.rotatedAt.toISOString(), validUntil: made.validUntil.toISOString() };
}

/** The current key, while its printed codes work. */
async function liveKey(now: Date): Promise<TableKeyDoc | null> {
  const found = await currentKey();
  return found && now < found.validUntil ? found : null;
}

/**
 * The restaurant's service days a table token may be from at `now`: today's, and until the table
 * cookie of a scan made just before midnight runs out, yesterday's (a meal that runs on past it).
 */
async function serviceDays(now: Date): Promise<string[]> {
  const { today, minutes } = zonedClock(now, (await getSettings()).schedule.timeZone);
  return minutes * 60 < TABLE_COOKIE_MAX_AGE ? [today, addDays(today, -1)] : [today];
}

/**
 * What scanning table `table`'s printed code gives the browser (public: the table page calls it):
 * the table's token for today's service day, or null when the code is not that table's current one.
 */
export async function scanTable(table: number, printed: string, now = clockNow()): Promise<string | null> {
  if (!TABLE_TOKEN.test(printed)) return null;
  const found = await liveKey(now);
  if (!found || !same(sign(found.key, printedSubject(table)), printed)) return null;
  const [today] = await serviceDays(now);
  return sign(found.key, daySubject(table, today!));
}

/** True when `token` is table `table`'s token for the service day at `now`. Public: it is how a scan proves itself. */
export async function isTableToken(table: number, token: string | undefined, now = clockNow()): Promise<boolean> {
  if (!token || !TABLE_TOKEN.test(token)) return false;
  const found = await liveKey(now);
  if (!found) return false;
  return (await serviceDays(now)).some((day) => same(sign(found.key, daySubject(table, day)), token));
}
