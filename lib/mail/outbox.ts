import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { ObjectId, WithId } from 'mongodb';
import { after } from 'next/server';
import { collections, isDuplicateKeyError } from '@/lib/db';
import type { BookingDoc, OutboxDoc, PaymentDoc } from '@/lib/db/documents';
import { readStamp, setStamp } from '@/lib/db/stamps';
import { textsForOrder } from '@/lib/notify/consent';
import { pushConfig } from '@/lib/notify/push/config';
import { kitchenSeenWithin } from '@/lib/orders/kitchen-presence';
import { streamConfig } from '@/lib/orders/stream-config';
import { isDemoPayment } from '@/lib/payments/mode';
import { restaurantDetails } from './restaurant';
import type { MailKind } from './types';

/**
 * The outbox: every email is first a document in `outbox`, written by the code path that makes the
 * change it reports, before that change is answered (the hooks below). Its key, the order or
 * booking plus the kind (and a refund's id), is unique, so a second copy cannot be written
 * however often the path runs. There are no transactions across documents, so a process that
 * dies between the change and its message is healed two ways: the payment's completion repeats
 * every step on each confirmation (the browser's, Stripe's webhook), and each drain sweeps the
 * orders and bookings changed in the last minutes for messages they call for and lack
 * (docs/email.md). Sending is ./sender.ts's, after the answer.
 */

interface Message {
  kind: MailKind;
  ref: ObjectId;
  to: string;
  refundId?: string;
  /** Whose order or booking it is: a booking's messages go only to its owner's verified address. */
  ownerUid?: string;
  /** An order's: paid through a real provider (the demo card charges nobody). */
  paid?: boolean;
}

const keyOf = ({ kind, ref, refundId }: Message) => (refundId ? `${kind}:${ref.toHexString()}:${refundId}` : `${kind}:${ref.toHexString()}`);

/** For npm run bench:load: each hook's time, so the cost of the outbox on a payment can be read apart. */
const LOG_WRITES = process.env.MAIL_LOG_OUTBOX_WRITES === '1';

/**
 * Messages one address receives in an hour, beyond those about its orders: enough for a booking
 * and its changes, too few to make the restaurant's mailer a way to flood somebody's inbox. An
 * order's messages are not counted when it was paid for real, or when they go to its owner's own
 * verified address; those to an address a guest typed, for a demo order, are. Past it, a message
 * is kept, failed and unsent, on the Email page.
 */
export const MAIL_PER_ADDRESS_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** The owners whose address, as their message names it, Firebase has verified (`uid\naddress`); only those it matters for are read. */
async function verifiedAddresses(messages: readonly Message[]): Promise<Set<string>> {
  const owners = [...new Set(messages.flatMap((m) => (m.ownerUid && !m.paid ? [m.ownerUid] : [])))];
  if (!owners.length) return new Set();
  const { users } = await collections();
  const verified = await users.find({ uid: { $in: owners }, emailVerified: true }, { projection: { uid: 1, email: 1 } }).toArray();
  return new Set(verified.map((user) => `${user.uid}\n${user.email}`));
}

/**
 * Writes the messages the outbox lacks; true when any was new. All of them in one write first,
 * which is one commit on the embedded engine: what a change costs. When some are there already
 * (a repeated completion), each is written unless its key is there, one upsert each.
 */
async function write(wanted: Message[], now = clockNow()): Promise<boolean> {
  const verified = await verifiedAddresses(wanted);
  const toVerified = (m: Message) => verified.has(`${m.ownerUid}\n${m.to}`);
  const isBooking = (m: Message) => m.kind.startsWith('booking-');
  const messages = wanted.filter((m) => !isBooking(m) || toVerified(m));
  if (!messages.length) return false;
  const capped = (m: Message) => m.kind !== 'order-new' && (isBooking(m) || !(m.paid || toVerified(m)));
  const { outbox } = await collections();
  const fields = new Map<Message, Partial<OutboxDoc>>();
  // New capped messages, in order, each counted against its address's hour, those of this write included.
  const since = new Date(now.getTime() - HOUR_MS);
  const counts = new Map<string, number>();
  for (const message of messages.filter(capped)) {
    if (await outbox.findOne({ key: keyOf(message) }, { projection: { _id: 1 } })) continue;
    const count = counts.get(message.to) ?? (await outbox.countDocuments({ to: message.to, counted: true, createdAt: { $gte: since } }));
    if (count < MAIL_PER_ADDRESS_HOUR) {
      counts.set(message.to, count + 1);
      fields.set(message, { counted: true });
    } else {
      counts.set(message.to, count);
      fields.set(message, { state: 'failed', lastError: `Not sent: ${message.to} had ${MAIL_PER_ADDRESS_HOUR} messages from us in the last hour.` });
    }
  }
  const docs = (): OutboxDoc[] =>
    messages.map((message) => ({
      key: keyOf(message),
      kind: message.kind,
      ref: message.ref,
      to: message.to,
      ...(message.refundId ? { refundId: message.refundId } : {}),
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      ...fields.get(message),
    }));
  try {
    await outbox.insertMany(docs());
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  let written = false;
  for (const doc of docs()) {
    const { upsertedCount } = await outbox.updateOne({ key: doc.key }, { $setOnInsert: doc }, { upsert: true });
    written ||= upsertedCount === 1;
  }
  return written;
}

/**
 * Sends what was just written once the request has been answered (Next.js `after`), so no answer
 * waits for an SMTP server. Outside a request (a script, a test) there is nothing to wait for:
 * the periodic drain or the cron route sends it.
 */
export function sendAfterAnswer(): void {
  try {
    // Imported when used: the drain imports this module for its sweep.
    after(async () => {
      const { drainOutbox } = await import('./drain');
      // What is not sent now stays in the outbox for the next drain.
      await drainOutbox().catch((err: unknown) => console.error('[mail] could not drain the outbox after a request', err));
    });
  } catch {
    // Not in a request.
  }
}

async function hook(name: string, messages: () => Promise<Message[]>): Promise<void> {
  const started = LOG_WRITES ? performance.now() : 0;
  if (await write(await messages())) sendAfterAnswer();
  if (LOG_WRITES) console.log(`[mail] outbox ${name} in ${(performance.now() - started).toFixed(2)} ms`);
}

/** What an order's messages carry for the cap: its owner, and whether it was paid for real. */
const orderSide = (order: Pick<PaymentDoc, 'ownerUid' | 'transactionId'>): Pick<Message, 'ownerUid' | 'paid'> => ({
  ...(order.ownerUid ? { ownerUid: order.ownerUid } : {}),
  paid: !isDemoPayment(order.transactionId),
});

/** A kitchen display that missed this many heartbeats is gone. */
const KITCHEN_GONE_BEATS = 2.5;

async function readyEmailsWanted(ownerUid: string | undefined): Promise<boolean> {
  if (!ownerUid) return true;
  const { users } = await collections();
  return (await users.findOne({ uid: ownerUid }, { projection: { readyEmails: 1 } }))?.readyEmails !== false;
}

/** Whether the diner of this order still wants "ready" by email (a notice handed down to email asks). */
export async function readyEmailWanted(orderId: ObjectId): Promise<boolean> {
  const { payments } = await collections();
  return readyEmailsWanted((await payments.findOne({ _id: orderId }, { projection: { ownerUid: 1 } }))?.ownerUid);
}

/** The order's diner can be told by push or text (lib/notify), whatever their email choices. */
async function noticeChannelFor(order: WithId<PaymentDoc>): Promise<boolean> {
  const { pushSubscriptions } = await collections();
  if (pushConfig().on && (await pushSubscriptions.findOne({ orderId: order._id }, { projection: { _id: 1 } }))) return true;
  return (await textsForOrder(order.transactionId)) !== null;
}

/** A staff device is registered for new-order alerts, and push can send them. */
async function staffAlertsWanted(): Promise<boolean> {
  if (!pushConfig().on) return false;
  const { pushSubscriptions } = await collections();
  return (await pushSubscriptions.findOne({ staff: true }, { projection: { _id: 1 } })) !== null;
}

/**
 * The order was paid and numbered: its receipt to the diner, and a notice to the restaurant while
 * the order is still new and no kitchen display is connected. Called on every completion of the
 * payment, so a completion that died before it is healed by the next.
 */
export function mailOrderPaid(orderId: ObjectId): Promise<void> {
  return hook('order paid', async () => {
    const { payments } = await collections();
    const order = await payments.findOne({ _id: orderId }, { projection: { email: 1, status: 1, transactionId: 1, ownerUid: 1 } });
    if (!order) return [];
    const messages: Message[] = [{ kind: 'order-confirmation', ref: orderId, to: order.email, ...orderSide(order) }];
    if (order.status === 'pending' && !(await kitchenSeenWithin(streamConfig().heartbeatMs * KITCHEN_GONE_BEATS))) {
      messages.push({ kind: 'order-new', ref: orderId, to: (await restaurantDetails()).email });
    }
    if (order.status === 'pending' && (await staffAlertsWanted())) messages.push({ kind: 'staff-alert', ref: orderId, to: (await restaurantDetails()).email });
    return messages;
  });
}

/**
 * What an order's status calls for: "ready" to the diner unless they turned its emails off and
 * have no push or texts for it (it goes by the best channel: lib/notify/deliver.ts), "cancelled"
 * always.
 */
async function statusMessages(order: WithId<PaymentDoc>, status: PaymentDoc['status']): Promise<Message[]> {
  if (status === 'cancelled') return [{ kind: 'order-cancelled', ref: order._id, to: order.email, ...orderSide(order) }];
  if (status === 'ready' && ((await readyEmailsWanted(order.ownerUid)) || (await noticeChannelFor(order)))) return [{ kind: 'order-ready', ref: order._id, to: order.email, ...orderSide(order) }];
  return [];
}

/** The order moved on (`order` as it is now). */
export function mailOrderStatus(order: WithId<PaymentDoc>): Promise<void> {
  return hook('order status', () => statusMessages(order, order.status));
}

/** The order runs late (`order.late` holds the new time): the diner is told once, by the best channel. */
export function noticeOrderLate(order: WithId<PaymentDoc>): Promise<void> {
  return hook('order late', async () => (order.late ? [{ kind: 'order-late', ref: order._id, to: order.email, ...orderSide(order) }] : []));
}

/** Part of the order was refunded (the refund is on `order` already). */
export function mailOrderRefund(order: WithId<PaymentDoc>, refundId: string): Promise<void> {
  return hook('order refund', async () => [{ kind: 'order-refund', ref: order._id, to: order.email, refundId, ...orderSide(order) }]);
}

const BOOKING_KINDS: Record<BookingDoc['status'], MailKind> = {
  pending: 'booking-received',
  confirmed: 'booking-confirmed',
  cancelled: 'booking-cancelled',
  expired: 'booking-expired',
};

/** The booking was made, confirmed, cancelled or expired (`booking` as it is now). */
export function mailBookingChange(booking: WithId<BookingDoc>): Promise<void> {
  return hook('booking', async () => [{ kind: BOOKING_KINDS[booking.status], ref: booking._id, to: booking.email, ownerUid: booking.ownerUid }]);
}

// ---- the sweep ----

const SWEPT = 'mail-swept';
/** Changes this much older than the last sweep are read again: clocks differ, commits land late. */
const SWEEP_MARGIN_MS = 2 * 60_000;
/** Records one sweep reads of each kind; a busier stretch is read over several sweeps. */
const SWEEP_LIMIT = 500;

async function orderMessagesSince(order: WithId<PaymentDoc>, since: Date): Promise<Message[]> {
  const messages: Message[] = [];
  const side = orderSide(order);
  if (order.data >= since) messages.push({ kind: 'order-confirmation', ref: order._id, to: order.email, ...side });
  for (const step of order.statusHistory) {
    if (step.at >= since) messages.push(...(await statusMessages(order, step.status)));
  }
  for (const refund of order.refunds ?? []) {
    if (refund.at >= since) messages.push({ kind: 'order-refund', ref: order._id, to: order.email, refundId: refund.id, ...side });
  }
  if (order.late && order.late.at >= since) messages.push({ kind: 'order-late', ref: order._id, to: order.email, ...side });
  return messages;
}

function bookingMessagesSince(booking: WithId<BookingDoc>, since: Date): Message[] {
  const messages: Message[] = [];
  const { ownerUid } = booking;
  if (booking.createdAt >= since) messages.push({ kind: 'booking-received', ref: booking._id, to: booking.email, ownerUid });
  if (booking.status !== 'pending' && booking.updatedAt && booking.updatedAt >= since) {
    messages.push({ kind: BOOKING_KINDS[booking.status], ref: booking._id, to: booking.email, ownerUid });
  }
  return messages;
}

/**
 * Writes the messages that orders and bookings changed since the last sweep call for and the
 * outbox lacks: those of a change whose process died before its hook wrote them. The restaurant's
 * new-order notice is not swept (whether a kitchen was watching then is not known later). The
 * first sweep of a database starts from now. Answers how many messages it wrote.
 */
export async function sweepChanges(now = clockNow()): Promise<number> {
  const swept = await readStamp(SWEPT);
  if (swept.getTime() === 0) {
    await setStamp(SWEPT, now, swept);
    return 0;
  }
  const since = new Date(swept.getTime() - SWEEP_MARGIN_MS);
  const { payments, bookings, outbox } = await collections();
  const orders = await payments.find({ updatedAt: { $gte: since } }).sort({ updatedAt: 1 }).limit(SWEEP_LIMIT).toArray();
  const changedBookings = await bookings
    .find({ $or: [{ createdAt: { $gte: since } }, { updatedAt: { $gte: since } }] })
    .sort({ _id: 1 })
    .limit(SWEEP_LIMIT)
    .toArray();
  const due = [...(await Promise.all(orders.map((order) => orderMessagesSince(order, since)))).flat(), ...changedBookings.flatMap((b) => bookingMessagesSince(b, since))];
  const have = new Set(due.length ? (await outbox.find({ key: { $in: due.map(keyOf) } }, { projection: { key: 1 } }).toArray()).map((doc) => doc.key) : []);
  const missing = due.filter((message) => !have.has(keyOf(message)));
  if (missing.length) await write(missing, now);
  // A full page leaves the rest for the next sweep, from where this one stopped reading orders.
  const until = orders.length === SWEEP_LIMIT ? new Date(orders.at(-1)!.updatedAt.getTime() + SWEEP_MARGIN_MS) : now;
  await setStamp(SWEPT, until, swept);
  return missing.length;
}
