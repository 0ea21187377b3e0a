import 'server-only';
import type { WithId } from 'mongodb';
import { collections } from '@/lib/db';
import type { OutboxDoc, PushSubscriptionDoc } from '@/lib/db/documents';
import type { MailKind } from '@/lib/mail/types';
import { composeNotice, noticeText } from './compose';
import { recordOptOut, textsForOrder } from './consent';
import { pushConfig } from './push/config';
import { pushNotice } from './push/send';
import { giveTextPlaceBack, takeTextPlace } from './sms/cap';
import { smsConfig } from './sms/config';
import { smsProvider } from './sms';
import { SmsError } from './sms/provider';
import { CHANNELS, type Channel } from './types';

/**
 * One event, the best channel, once. A notice to a diner (ready, running late, a refund) is one
 * outbox message, keyed by its event, however often the event is written; the sender that claims
 * it sends it by push when the order has a subscribed device, else by text when the diner agreed
 * to texts (and the number has not said STOP, and the month's cap has room), else by email. The
 * channel of its first attempt is kept for its retries, so a provider that is down is waited for
 * rather than doubled by another channel; a channel that can no longer take it (every device gone,
 * the number said STOP, the cap reached) hands it down to the next at once.
 */

/** The kinds that go by the best channel; every other message is an email. */
export const NOTICE_KINDS: readonly MailKind[] = ['order-ready', 'order-late', 'order-refund', 'staff-alert'];
export const isNotice = (kind: MailKind) => NOTICE_KINDS.includes(kind);

export type Route = { channel: 'push'; subscriptions: WithId<PushSubscriptionDoc>[] } | { channel: 'sms'; phone: string } | { channel: 'email' };

/** The best channel for the notice now, from the `from`th of CHANNELS down; null when it has nowhere to go (staff alerts with no device). */
async function routeFrom(doc: OutboxDoc, from: number): Promise<Route | null> {
  const { pushSubscriptions, payments } = await collections();
  const push = pushConfig();
  if (doc.kind === 'staff-alert') {
    const subscriptions = push.on ? await pushSubscriptions.find({ staff: true }).toArray() : [];
    return subscriptions.length ? { channel: 'push', subscriptions } : null;
  }
  if (from <= CHANNELS.indexOf('push') && push.on) {
    const subscriptions = await pushSubscriptions.find({ orderId: doc.ref }).toArray();
    if (subscriptions.length) return { channel: 'push', subscriptions };
  }
  if (from <= CHANNELS.indexOf('sms') && smsConfig().provider) {
    const order = await payments.findOne({ _id: doc.ref }, { projection: { transactionId: 1 } });
    const texts = order ? await textsForOrder(order.transactionId) : null;
    if (texts) return { channel: 'sms', phone: texts.phone };
  }
  return { channel: 'email' };
}

/** How a message goes now: email for every message but the notices, which take the best channel from the one they started on. */
export async function routeOf(doc: OutboxDoc): Promise<Route | null> {
  if (!isNotice(doc.kind)) return { channel: 'email' };
  return routeFrom(doc, doc.channel ? CHANNELS.indexOf(doc.channel) : 0);
}

export type NoticeResult =
  /** Sent by `channel`. */
  | { outcome: 'sent'; channel: Channel }
  /** `channel` could not take it now: try again later, by the same channel. */
  | { outcome: 'retry'; channel: Channel; reply: string }
  /** It can go nowhere. */
  | { outcome: 'failed'; reply: string }
  /** It goes by email now. */
  | { outcome: 'email' };

/**
 * Sends a claimed notice by `route`, handing it down the channels while one cannot take it.
 * Email is the caller's (the outbox's own sender).
 */
export async function sendNotice(doc: WithId<OutboxDoc>, route: Route | null): Promise<NoticeResult> {
  let current = route;
  while (current && current.channel !== 'email') {
    const notice = await composeNotice(doc);
    if (current.channel === 'push') {
      const config = pushConfig();
      if (!config.on) {
        current = await routeFrom(doc, CHANNELS.indexOf('sms'));
        continue;
      }
      const sent = await pushNotice(current.subscriptions, { ...notice, tag: doc.key }, config);
      if (sent.delivered) return { outcome: 'sent', channel: 'push' };
      if (sent.retry) return { outcome: 'retry', channel: 'push', reply: sent.retry };
      // Every device it had is gone.
      current = doc.kind === 'staff-alert' ? null : await routeFrom(doc, CHANNELS.indexOf('sms'));
      continue;
    }
    const provider = smsProvider();
    const month = provider ? await takeTextPlace() : null;
    if (!provider || !month) {
      current = { channel: 'email' };
      continue;
    }
    try {
      await provider.send({ to: current.phone, body: await noticeText(notice) });
      return { outcome: 'sent', channel: 'sms' };
    } catch (err) {
      await giveTextPlaceBack(month);
      if (!(err instanceof SmsError)) throw err;
      if (err.kind === 'retry' || err.kind === 'down') return { outcome: 'retry', channel: 'sms', reply: err.message };
      // The provider knows the number said STOP (or cannot text it at all): nothing more goes to it; this goes by email.
      if (err.kind === 'opted-out') await recordOptOut(current.phone, 'STOP (the provider said so)');
      current = { channel: 'email' };
    }
  }
  if (!current) return { outcome: 'failed', reply: 'No staff device is registered for new-order alerts any more.' };
  if (doc.kind === 'staff-alert') return { outcome: 'failed', reply: 'Staff alerts go by push only.' };
  return { outcome: 'email' };
}
