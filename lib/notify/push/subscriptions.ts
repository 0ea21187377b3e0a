import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import type { PushSubscriptionDoc } from '@/lib/db/documents';
import type { PushRegistration } from '../schemas';
import { pushConfig } from './config';

/**
 * Which browsers are told what by push: a diner's device about one of their orders (the receipt
 * page's "Tell me when it's ready"), or a staff device about every new order (a backup to the
 * kitchen display's chime). Registering the same browser again for the same thing changes
 * nothing; a browser that unsubscribes is removed from everything it was registered for.
 */

export async function registerPush(viewer: Shopper, registration: PushRegistration): Promise<{ registered: 'order' | 'staff' }> {
  authorize(viewer, 'guest');
  const config = pushConfig();
  if (!config.on) throw new HttpError(400, config.off);
  const { pushSubscriptions, payments } = await collections();
  const { endpoint, keys } = registration.subscription;
  let target: Pick<PushSubscriptionDoc, 'orderId' | 'staff'>;
  if (registration.staff) {
    if (!hasRole(viewer.role, 'staff')) throw new HttpError(403, 'Only restaurant staff may get new-order alerts.');
    target = { staff: true };
  } else {
    const orderId = toObjectId(registration.orderId ?? '');
    const order = orderId ? await payments.findOne({ _id: orderId }, { projection: { ownerUid: 1, status: 1 } }) : null;
    if (!order) throw new HttpError(404, 'No order has this id.');
    if (order.ownerUid !== viewer.uid) throw new HttpError(403, 'This is not your order.');
    if (order.status === 'completed' || order.status === 'cancelled') throw new HttpError(400, `This order is ${order.status}: there is nothing more to tell.`);
    target = { orderId: order._id };
  }
  const key = `${target.orderId?.toHexString() ?? 'staff'} ${endpoint}`;
  await pushSubscriptions.updateOne(
    { key },
    { $set: { endpoint, keys, ownerUid: viewer.uid, ...target }, $setOnInsert: { key, createdAt: clockNow() } },
    { upsert: true },
  );
  return { registered: target.staff ? 'staff' : 'order' };
}

/** The browser unsubscribed: it is told nothing more, by anyone. Only its own registrations, or a staff member's for staff alerts. */
export async function unregisterPush(viewer: Shopper, endpoint: string): Promise<{ removed: number }> {
  authorize(viewer, 'guest');
  const { pushSubscriptions } = await collections();
  const { deletedCount } = await pushSubscriptions.deleteMany({ endpoint, ownerUid: viewer.uid });
  return { removed: deletedCount };
}
