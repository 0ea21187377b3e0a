import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import { authorize, type Shopper, type Staff } from '@/lib/auth/viewer';
import { collections, getDb, toObjectId } from '@/lib/db';
import type { Actor, PaymentDoc, RefundDoc } from '@/lib/db/documents';
import { releaseFulfilment } from '@/lib/fulfilment/pickup';
import { releaseStock } from '@/lib/menu/stock';
import { mailOrderStatus } from '@/lib/mail/outbox';
import type { OrdersQuery, OrderStepInput } from '@/lib/orders/schemas';
import { mapPage, readPage, type Paged } from '@/lib/pagination/page';
import { queueCancelSlips } from '@/lib/printing/tickets';
import { getSettings } from '@/lib/settings/store';
import { countCancellation, paidOrderCount } from '@/lib/stats/rollups';
import { orderQuery } from './filters';
import { orderWritten } from './feed/in-process';
import { OPEN_STATUSES, transitionRefusal } from './status';
import type { Order, OrderRefund, OrderStatus, PaymentMoney } from './types';

/** Orders are the `payments` collection: paid orders only (unpaid checkouts live apart, in `checkout_intents`). */

const NOT_FOUND = 'No order has this id.';

/**
 * Orders as the API answers them, the event stream sends them and every screen shows them (the
 * kitchen's tickets included): the one place an order is shaped.
 */
export function shapeOrders(docs: WithId<PaymentDoc>[]): Order[] {
  return docs.map((doc) => {
    const items = doc.lines.map(({ name, quantity, options, note, unitCents, lineCents, refundedQuantity }) => ({
      name,
      quantity,
      options,
      ...(note ? { note } : {}),
      unitCents,
      lineCents,
      ...(refundedQuantity ? { refundedQuantity } : {}),
    }));
    const refunds = (doc.refunds ?? []).map(shapeRefund);
    return {
      _id: doc._id.toHexString(),
      ...(doc.number !== undefined ? { number: doc.number } : {}),
      email: doc.email,
      ...(doc.name ? { name: doc.name } : {}),
      price: doc.price,
      ...moneyOf(doc),
      transactionId: doc.transactionId,
      data: doc.data.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      items,
      ...(doc.fulfilment ? { fulfilment: doc.fulfilment } : {}),
      status: doc.status,
      history: doc.statusHistory.map(({ status, at, by }) => ({ status, at: at.toISOString(), ...(by ? { by: by.name } : {}) })),
      ...(refunds.length ? { refunds, refundedCents: refundedCentsOf(doc) } : {}),
      ...(doc.arrived ? { arrived: { at: doc.arrived.at.toISOString(), ...(doc.arrived.note ? { note: doc.arrived.note } : {}) } } : {}),
      ...(doc.late ? { late: { at: doc.late.at.toISOString(), readyBy: doc.late.readyBy.toISOString(), ...(doc.late.by ? { by: doc.late.by.name } : {}) } } : {}),
    };
  });
}

function shapeRefund({ id, cents, reason, at, status, by, error, leaseUntil }: RefundDoc): OrderRefund {
  const retryable = status === 'failed' || (status === 'pending' && !(leaseUntil && leaseUntil >= clockNow()));
  return {
    id,
    cents,
    ...(reason ? { reason } : {}),
    at: at.toISOString(),
    status: status ?? 'done',
    ...(by ? { by: by.name } : {}),
    ...(error ? { error } : {}),
    ...(retryable ? { retryable } : {}),
  };
}

/** The cents given back: the refunds done (one without a status was recorded done). */
export function refundedCentsOf(doc: Pick<PaymentDoc, 'refunds'>): number {
  return (doc.refunds ?? []).reduce((sum, refund) => sum + (refund.status === undefined || refund.status === 'done' ? refund.cents : 0), 0);
}

/** The food, the discount, the tax and the tip of a payment. */
export function moneyOf(doc: Pick<PaymentDoc, 'subtotalCents' | 'tipCents' | 'tipPercent' | 'tax' | 'promo'>): PaymentMoney {
  return {
    subtotal: doc.subtotalCents / 100,
    tip: doc.tipCents / 100,
    ...(doc.tipPercent !== undefined ? { tipPercent: doc.tipPercent } : {}),
    ...(doc.tax ? { tax: doc.tax } : {}),
    ...(doc.promo ? { discount: { code: doc.promo.code, cents: doc.promo.discountCents } } : {}),
  };
}

/** A page of the orders that match the filters, newest payment first (GET /api/orders, Manage orders, the kitchen). */
export async function listOrders(staff: Staff, { limit, cursor, ...filters }: OrdersQuery = {}): Promise<Paged<Order>> {
  authorize(staff, 'staff');
  const { payments } = await collections();
  const { timeZone } = (await getSettings()).schedule;
  const filter = orderQuery(filters, timeZone);
  // Unfiltered, the count is exact from the daily rollups; filtered, it is counted from the index, up to a cap.
  const count = Object.keys(filter).length ? undefined : async () => paidOrderCount(await getDb());
  const page = await readPage(payments, { list: 'orders', scope: filters, filter, key: 'data', count }, { limit, cursor });
  return mapPage(page, shapeOrders);
}

/** How many orders wait in each open status (the staff home), each counted from the status index. */
export async function countOpenOrders(staff: Staff): Promise<Record<(typeof OPEN_STATUSES)[number], number>> {
  authorize(staff, 'staff');
  const { payments } = await collections();
  const counts = await Promise.all(OPEN_STATUSES.map((status) => payments.countDocuments({ status })));
  return Object.fromEntries(OPEN_STATUSES.map((status, i) => [status, counts[i]!])) as Record<(typeof OPEN_STATUSES)[number], number>;
}

/** At most this many orders answer one catch-up; a client that was away longer also reloads its list. */
const CATCH_UP_LIMIT = 500;

/**
 * Orders changed since `since` (of one owner when named), oldest change first: what a client that
 * reconnects, or a server polling a MongoDB without change streams, has not seen yet. Callers
 * check who may see them (lib/orders/stream.ts).
 */
export async function ordersChangedSince(since: Date, ownerUid?: string): Promise<WithId<PaymentDoc>[]> {
  const { payments } = await collections();
  const newest = await payments
    .find({ updatedAt: { $gte: since }, ...(ownerUid ? { ownerUid } : {}) })
    .sort({ updatedAt: -1, _id: -1 })
    .limit(CATCH_UP_LIMIT)
    .toArray();
  return newest.reverse();
}

/**
 * One order, for its receipt: the viewer's own (a guest's too), or any for an admin. Another
 * diner's is 403 (the receipt page shows that it exists but not what it holds); an id that names
 * no order is 404.
 */
export async function getOrder(viewer: Shopper, id: string): Promise<Order> {
  authorize(viewer, 'guest');
  const _id = toObjectId(id);
  const { payments } = await collections();
  const doc = _id ? await payments.findOne({ _id }) : null;
  if (!doc) throw new HttpError(404, NOT_FOUND);
  if (doc.ownerUid !== viewer.uid && !hasRole(viewer.role, 'admin')) throw new HttpError(403, 'This is not your order.');
  return shapeOrders([doc])[0]!;
}

/** Who made a change, as the order's timeline names them. */
export function actorOf(person: Pick<Staff, 'uid' | 'name' | 'email'>): Actor {
  return { uid: person.uid, name: person.name || person.email, email: person.email };
}

/**
 * What a status change writes besides the status, in the same conditional write: a filter the
 * order must still match as read, and what to add (a cancellation reserves its refund here).
 */
export interface StatusWriteAlongside {
  filter: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
}

/** How often a change is written again when only `alongside`'s condition moved under it (a refund reserved meanwhile). */
const ALONGSIDE_TRIES = 5;

/**
 * Moves an order one step on, recording when and who. The update matches the status the rules
 * were checked against (the one the caller saw, when given), so of two people acting at once
 * exactly one succeeds and the other is told what happened meanwhile (409) instead of overriding
 * it. `alongside`, when given, is priced from the order as read and written in that same update.
 * `settle`, when given, runs once the change is written and before the diner is told or the feed
 * hears of it (a cancellation gives the money back there, so its message can say so).
 */
export async function changeOrderStatus(
  staff: Staff,
  id: string,
  { status: to, from }: OrderStepInput,
  { alongside, settle }: { alongside?: (order: WithId<PaymentDoc>) => StatusWriteAlongside | null; settle?: (order: WithId<PaymentDoc>) => Promise<WithId<PaymentDoc>> } = {},
): Promise<Order> {
  authorize(staff, 'staff');
  const _id = toObjectId(id);
  if (!_id) throw new HttpError(404, NOT_FOUND);
  const { payments } = await collections();
  let seen = from;
  for (let tries = 0; tries < ALONGSIDE_TRIES; tries++) {
    const order = await payments.findOne({ _id });
    if (!order) throw new HttpError(404, NOT_FOUND);
    seen ??= order.status;
    if (order.status !== seen) throw movedOn(order.status);
    const refused = transitionRefusal(seen, to);
    if (refused) throw new HttpError(409, refused);

    const at = clockNow();
    const extra = alongside?.(order) ?? null;
    const written = await payments.findOneAndUpdate(
      { _id, status: seen, ...extra?.filter },
      {
        $set: { status: to, updatedAt: at },
        $push: { statusHistory: { status: to, at, by: actorOf(staff) }, ...extra?.$push },
        ...(extra?.$inc ? { $inc: extra.$inc } : {}),
      },
      { returnDocument: 'after' },
    );
    if (!written) continue;
    const latest = settle ? await settle(written) : written;
    await afterStatusChange(latest);
    return shapeOrders([latest])[0]!;
  }
  throw new HttpError(409, 'This order kept changing. Reload it and try again.');
}

/**
 * What follows an order's status change, `order` as it is now: the diner's message, and for a
 * cancellation its money out of the day's figures and its pickup slot and counted portions to somebody else; then the
 * order's feed. Each step is safe to repeat, so a change whose process stopped midway is finished
 * by running this again.
 */
export async function afterStatusChange(order: WithId<PaymentDoc>): Promise<void> {
  await mailOrderStatus(order);
  if (order.status === 'cancelled') {
    await countCancellation(await getDb(), order, (await getSettings()).schedule.timeZone);
    await releaseFulfilment(order.transactionId);
    await releaseStock(order.transactionId);
    await queueCancelSlips(order, order.statusHistory?.at(-1)?.by);
  }
  await orderWritten(async () => order);
}

function movedOn(status: OrderStatus): HttpError {
  return new HttpError(409, `This order was just marked ${status} by someone else.`);
}
