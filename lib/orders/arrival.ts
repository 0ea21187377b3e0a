import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { ArrivalInput } from '@/lib/notify/schemas';
import { orderWritten } from './feed/in-process';
import { shapeOrders } from './orders';
import type { Order } from './types';

/**
 * "I'm here": the diner of a pickup order says they have arrived, with where they wait if they
 * like (a parking spot, the car). Written on the order, so the order stream carries it to the
 * kitchen display at once, and on MongoDB to every instance through its change stream. Saying it
 * again updates the note and the time; an order collected or cancelled is refused.
 */
export async function sayArrived(viewer: Shopper, id: string, { note }: Partial<ArrivalInput>, now = clockNow()): Promise<Order> {
  authorize(viewer, 'guest');
  const _id = toObjectId(id);
  const { payments } = await collections();
  const order = _id ? await payments.findOne({ _id }) : null;
  if (!order) throw new HttpError(404, 'No order has this id.');
  if (order.ownerUid !== viewer.uid) throw new HttpError(403, 'This is not your order.');
  if (order.fulfilment?.kind !== 'pickup') throw new HttpError(400, 'Only a pickup order is collected: at a table, the food comes to you.');
  if (order.status === 'completed') throw new HttpError(400, 'This order was already collected.');
  if (order.status === 'cancelled') throw new HttpError(400, 'This order was cancelled.');
  const arrived = { at: now, ...(note ? { note } : {}) };
  const written = await payments.findOneAndUpdate(
    { _id: order._id, ownerUid: viewer.uid, status: { $in: ['pending', 'preparing', 'ready'] } },
    { $set: { arrived, updatedAt: now } },
    { returnDocument: 'after' },
  );
  if (!written) throw new HttpError(400, 'This order was collected a moment ago.');
  await orderWritten(async () => written);
  return shapeOrders([written])[0]!;
}
