import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, isDuplicateKeyError, type AppCollection } from '@/lib/db';
import type { TableKeyDoc } from '@/lib/db/documents';
import { clockNow } from '@/lib/settings/clock';
import { TABLE_TOKEN } from './table-mode';

/**
 * The tokens tables' QR codes carry: each table's number signed with the restaurant's table key
 * (HMAC-SHA256, cut to 96 bits), so an order for table 7 comes from somebody who scanned table 7's
 * code. The key lives in the database; the first QR sheet makes it, and a new one (Reprint on the
 * Tables page) makes every printed code invalid at once.
 */

async function keys(): Promise<AppCollection<TableKeyDoc>> {
  return (await collections()).settings as unknown as AppCollection<TableKeyDoc>;
}

function sign(key: string, table: number): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(`table:${table}`).digest('base64url').slice(0, 16);
}

/** The key the sheet is printed with, made the first time one is printed. */
async function printingKey(admin: Admin): Promise<string> {
  const found = await (await keys()).findOne({ _id: 'tableKey' });
  if (found) return found.key;
  const made: TableKeyDoc = { _id: 'tableKey', key: randomBytes(32).toString('base64url'), rotatedAt: clockNow(), rotatedBy: admin.uid };
  try {
    await (await keys()).insertOne(made);
    return made.key;
  } catch (err) {
    // Two admins printing at once: the first key made is the one.
    if (!isDuplicateKeyError(err)) throw err;
    return (await (await keys()).findOne({ _id: 'tableKey' }))!.key;
  }
}

/** Each table's token, for printing its QR code (admins). */
export async function tableTokens(admin: Admin, count: number): Promise<string[]> {
  authorize(admin, 'admin');
  const key = await printingKey(admin);
  return Array.from({ length: count }, (_, i) => sign(key, i + 1));
}

/** A new key: every QR code printed so far stops working, and the sheet must be printed again. */
export async function rotateTableKey(admin: Admin): Promise<{ rotatedAt: string }> {
  authorize(admin, 'admin');
  const rotatedAt = clockNow();
  const key = randomBytes(32).toString('base64url');
  const docs = await keys();
  if (!(await docs.updateOne({ _id: 'tableKey' }, { $set: { key, rotatedAt, rotatedBy: admin.uid } })).matchedCount) {
    try {
      await docs.insertOne({ _id: 'tableKey', key, rotatedAt, rotatedBy: admin.uid });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      await docs.updateOne({ _id: 'tableKey' }, { $set: { key, rotatedAt, rotatedBy: admin.uid } });
    }
  }
  return { rotatedAt: rotatedAt.toISOString() };
}

/** True when `token` is the one table `table`'s current QR code carries. Public: it is how a scan proves itself. */
export async function isTableToken(table: number, token: string): Promise<boolean> {
  if (!TABLE_TOKEN.test(token)) return false;
  const found = await (await keys()).findOne({ _id: 'tableKey' });
  if (!found) return false;
  return timingSafeEqual(Buffer.from(sign(found.key, table)), Buffer.from(token));
}
