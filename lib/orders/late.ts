import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { ObjectId, WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Staff } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { Actor, PaymentDoc } from '@/lib/db/documents';
import { noticeOrderLate } from '@/lib/mail/outbox';
import { toMinutes } from '@/lib/reservations/calendar';
import { zonedInstant } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { orderWritten } from './feed/in-process';
import { actorOf, shapeOrders } from './orders';
import type { Order } from './types';

/**
 * Running late: an order not yet ready some minutes past its promised time (Settings, "Minutes
 * past the promised time") is marked late by the clock, or by the kitchen with one tap, and its
 * diner is told once, by the best channel, with a new time. One conditional write marks it (only
 * an order still being made, and never twice), so the clock and a cook acting at once tell the
 * diner once.
 */

/** Orders the kitchen has not finished: the only ones that can run late. */
const MAKING = ['pending', 'preparing'] as const;
/** An order promised longer ago than this and never finished is forgotten, not late: nobody is told about yesterday. */
const STALE_MS = 3 * 3600_000;

/**
 * When the diner was told to expect the order: its pickup slot, or for a table order its payment
 * plus the kitchen's preparation time.
 */
export function promisedAt(order: Pick<PaymentDoc, 'fulfilment' | 'data'>, timeZone: string, prepMinutes: number): Date {
  const fulfilment = order.fulfilment;
  if (fulfilment?.kind === 'pickup') return zonedInstant(fulfilment.date, toMinutes(fulfilment.time), timeZone) ?? order.data;
  return new Date(order.data.getTime() + prepMinutes * 60_000);
}

/** Marks the order late with its new time, once: the order as written, or null when it was not still being made or was marked already. */
async function markLate(_id: ObjectId, now: Date, extraMinutes: number, by?: Actor): Promise<WithId<PaymentDoc> | null> {
  const { payments } = await collections();
  const late = { at: now, readyBy: new Date(now.getTime() + extraMinutes * 60_000), ...(by ? { by } : {}) };
  const written = await payments.findOneAndUpdate(
    { _id, status: { $in: [...MAKING] }, late: { $exists: false } },
    { $set: { late, updatedAt: now } },
    { returnDocument: 'after' },
  );
  if (!written) return null;
  await noticeOrderLate(written);
  await orderWritten(async () => written);
  return written;
}

/** POST /api/orders/{id}/late: the kitchen tells the diner the order runs late (staff, one tap). */
export async function tellRunningLate(staff: Staff, id: string, now = clockNow()): Promise<Order> {
  authorize(staff, 'staff');
  const _id = toObjectId(id);
  const { payments } = await collections();
  const order = _id ? await payments.findOne({ _id }) : null;
  if (!order) throw new HttpError(404, 'No order has this id.');
  if (order.late) throw new HttpError(409, 'The diner was already told this order runs late.');
  if (!(MAKING as readonly string[]).includes(order.status)) throw new HttpError(409, `This order is ${order.status}: it can no longer run late.`);
  const written = await markLate(order._id, now, (await getSettings()).notices.lateExtraMinutes, actorOf(staff));
  if (!written) throw new HttpError(409, 'This order changed a moment ago: the screen shows it as it is now.');
  return shapeOrders([written])[0]!;
}

/**
 * The clock's part: every order still being made that is past its promised time by the minutes
 * in Settings (and promised within the last 3 hours), not yet told, is told now. Run with the outbox's drain (every MAIL_DRAIN_SECONDS,
 * and by the cron on Vercel); `now` is a parameter so tests move the clock. Reads the open
 * orders by the status index. Answers how many were told.
 */
export async function tellLateOrders(now = clockNow()): Promise<number> {
  const { notices, schedule, pickup } = await getSettings();
  if (notices.lateAfterMinutes <= 0) return 0;
  const { payments } = await collections();
  const open = await payments.find({ status: { $in: [...MAKING] } }, { projection: { _id: 1, fulfilment: 1, data: 1, late: 1 } }).toArray();
  let told = 0;
  for (const order of open) {
    if (order.late) continue;
    const promised = promisedAt(order, schedule.timeZone, pickup.prepMinutes).getTime();
    const due = promised + notices.lateAfterMinutes * 60_000;
    if (due > now.getTime() || promised < now.getTime() - STALE_MS) continue;
    if (await markLate(order._id, now, notices.lateExtraMinutes)) told++;
  }
  return told;
}
