import 'server-only';
import { randomBytes } from 'node:crypto';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Staff } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { Actor, PaymentDoc, PrintJobDoc } from '@/lib/db/documents';
import type { Allergen } from '@/lib/menu/types';
import { orderLabel } from '@/lib/orders/wording';
import { queueJobs } from './queue';
import { ticketsFor, type RoutedOrder } from './route-lines';
import { readPrintSetup } from './setup';
import type { TicketContent, TicketKind } from './types';

/**
 * The kitchen's tickets, written in the code paths that change an order: its payment queues a
 * ticket for each printer with lines for it, its cancellation a CANCELLED slip for each printer
 * that had its ticket, and staff may ask for a copy marked REPRINT. Each is one call from the
 * order's own code (lib/orders), and each may run again safely: a ticket is keyed by its order,
 * printer and kind.
 */

function routedOrder(order: WithId<PaymentDoc>): RoutedOrder {
  return {
    label: orderLabel({ _id: order._id.toHexString(), number: order.number }),
    ...(order.fulfilment ? { fulfilment: order.fulfilment } : {}),
    ...(order.name ? { name: order.name } : {}),
    paidAt: order.data,
    paidCents: Math.round(order.price * 100),
    lines: order.lines.map(({ menuId, category, quantity, name, options, note }) => ({ menuId, ...(category ? { category } : {}), quantity, name, options, ...(note ? { note } : {}) })),
  };
}

/** The allergens of the order's dishes, as the menu declares them now. */
async function allergensOf(order: PaymentDoc): Promise<(menuId: string) => readonly Allergen[]> {
  const ids = [...new Set(order.lines.map((line) => toObjectId(line.menuId)).filter((id) => id !== null))];
  const { menu } = await collections();
  const dishes = ids.length ? await menu.find({ _id: { $in: ids } }, { projection: { allergens: 1 } }).toArray() : [];
  const byId = new Map(dishes.map((dish) => [dish._id.toHexString(), dish.allergens ?? []]));
  return (menuId) => byId.get(menuId) ?? [];
}

/** Each printer's ticket for the order as the stations route it now. */
async function routeNow(order: WithId<PaymentDoc>): Promise<{ printerId: string; ticket: TicketContent; copies: number }[]> {
  const { printers } = await collections();
  const all = await printers.find({}, { projection: { stations: 1, copies: 1 } }).toArray();
  if (!all.length) return [];
  const [setup, allergens] = await Promise.all([readPrintSetup(), allergensOf(order)]);
  const copies = new Map(all.map((printer) => [printer._id.toHexString(), printer.copies]));
  return ticketsFor(routedOrder(order), setup.stations, all.map((printer) => ({ id: printer._id.toHexString(), stations: printer.stations })), allergens).map((routed) => ({
    ...routed,
    copies: copies.get(routed.printerId) ?? 1,
  }));
}

const jobOf = (order: WithId<PaymentDoc>, printerId: string, kind: TicketKind, ticket: TicketContent, copies: number, key: string, by?: Actor): Omit<PrintJobDoc, 'state' | 'createdAt'> => ({
  key,
  printerId: toObjectId(printerId)!,
  orderId: order._id,
  kind,
  ticket,
  copies,
  ...(by ? { by } : {}),
});

/** A paid order's tickets, once each, whoever calls and however often (lib/orders/place.ts). */
export async function queueOrderTickets(order: WithId<PaymentDoc>): Promise<void> {
  const routed = await routeNow(order);
  await queueJobs(routed.map(({ printerId, ticket, copies }) => jobOf(order, printerId, 'order', ticket, copies, `${order._id.toHexString()}:${printerId}:order`)));
}

/** The order's tickets as queued at its payment, oldest first: one per printer. */
async function orderTickets(orderId: WithId<PaymentDoc>['_id']): Promise<WithId<PrintJobDoc>[]> {
  const { printJobs } = await collections();
  return (await printJobs.find({ orderId }).toArray()).filter((job) => job.kind === 'order');
}

/** A cancelled order's CANCELLED slip, for each printer that had its ticket (lib/orders/orders.ts). */
export async function queueCancelSlips(order: WithId<PaymentDoc>, by?: Actor): Promise<void> {
  const had = await orderTickets(order._id);
  await queueJobs(had.map((job) => jobOf(order, job.printerId.toHexString(), 'cancel', job.ticket, 1, `${order._id.toHexString()}:${job.printerId.toHexString()}:cancel`, by)));
}

/**
 * POST /api/orders/{id}/reprint (staff): a copy marked REPRINT on each printer that had the
 * order's ticket (as routed now, for an order paid before there were printers). A reprint still
 * waiting on a printer is not queued twice there; a cancelled order is refused. Answers how many were queued.
 */
export async function reprintOrder(staff: Staff, id: string, by: Actor): Promise<{ queued: number }> {
  authorize(staff, 'staff');
  const _id = toObjectId(id);
  const { payments, printJobs } = await collections();
  const order = _id ? await payments.findOne({ _id }) : null;
  if (!order) throw new HttpError(404, 'No order has this id.');
  // A copy of a cancelled order's ticket in the kitchen would be cooked: its cancel slip was the last word.
  if (order.status === 'cancelled') throw new HttpError(409, 'This order is cancelled: its tickets are not printed again.');
  const jobs = await printJobs.find({ orderId: order._id }).toArray();
  const had = jobs.filter((job) => job.kind === 'order');
  const targets = had.length ? had.map((job) => ({ printerId: job.printerId.toHexString(), ticket: job.ticket, copies: job.copies })) : await routeNow(order);
  if (!targets.length) throw new HttpError(409, 'No printer prints this order: add one on the Printers page.');
  const waiting = new Set(jobs.filter((job) => job.kind === 'reprint' && job.state === 'queued').map((job) => job.printerId.toHexString()));
  const fresh = targets.filter((target) => !waiting.has(target.printerId));
  const request = randomBytes(6).toString('hex');
  return { queued: await queueJobs(fresh.map(({ printerId, ticket, copies }) => jobOf(order, printerId, 'reprint', ticket, copies, `${order._id.toHexString()}:${printerId}:reprint:${request}`, by))) };
}
