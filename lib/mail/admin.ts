import 'server-only';
import type { WithId } from 'mongodb';
import { HttpError } from '@/lib/api/http';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, toObjectId, type Filter } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { clockNow } from '@/lib/settings/clock';
import { smtpServerLabel } from './config';
import { sendAfterAnswer } from './outbox';
import type { OutboxMessage, OutboxPage, OutboxView } from './types';
import type { OutboxQuery } from './schemas';

/**
 * The Email page's reads and its one write (admins): the messages that failed or still wait, a
 * page at a time, newest first, from the outbox's index on state and id, so it never reads the
 * messages already sent. Retry puts a failed message back in line with its attempts reset.
 */

export const OUTBOX_PAGE_SIZE = 25;

/** Waiting includes the messages a sender holds right now. */
const STATES: Record<OutboxView, OutboxDoc['state'][]> = { failed: ['failed'], waiting: ['waiting', 'sending'] };

function shape(doc: WithId<OutboxDoc>): OutboxMessage {
  return {
    _id: doc._id.toHexString(),
    kind: doc.kind,
    to: doc.to,
    state: doc.state,
    channel: doc.channel ?? 'email',
    attempts: doc.attempts,
    createdAt: doc.createdAt.toISOString(),
    nextAttemptAt: doc.nextAttemptAt.toISOString(),
    ...(doc.sentAt ? { sentAt: doc.sentAt.toISOString() } : {}),
    ...(doc.lastError ? { lastError: doc.lastError } : {}),
  };
}

export async function listOutbox(admin: Admin, { state: view = 'failed', before }: OutboxQuery): Promise<OutboxPage> {
  authorize(admin, 'admin');
  const { outbox } = await collections();
  const cursor = before ? toObjectId(before) : null;
  const filter: Filter<OutboxDoc> = { state: { $in: STATES[view] }, ...(cursor ? { _id: { $lt: cursor } } : {}) };
  const docs = await outbox.find(filter).sort({ _id: -1 }).limit(OUTBOX_PAGE_SIZE + 1).toArray();
  const page = docs.slice(0, OUTBOX_PAGE_SIZE);
  const [failed, waiting] = await Promise.all([
    outbox.countDocuments({ state: { $in: STATES.failed } }),
    outbox.countDocuments({ state: { $in: STATES.waiting } }),
  ]);
  return {
    messages: page.map(shape),
    next: docs.length > OUTBOX_PAGE_SIZE ? page.at(-1)!._id.toHexString() : null,
    counts: { failed, waiting },
    server: smtpServerLabel(),
  };
}

/** Puts a failed message back in line, with its attempts from zero; it is sent once the request is answered. */
export async function retryMessage(admin: Admin, id: string): Promise<OutboxMessage> {
  authorize(admin, 'admin');
  const _id = toObjectId(id);
  const { outbox } = await collections();
  const doc = _id ? await outbox.findOne({ _id }) : null;
  if (!doc) throw new HttpError(404, 'No message has this id.');
  if (doc.state !== 'failed') throw new HttpError(409, doc.state === 'sent' ? 'This message was sent already.' : 'This message is already waiting to be sent.');
  const { modifiedCount } = await outbox.updateOne({ _id: doc._id, state: 'failed' }, { $set: { state: 'waiting', attempts: 0, nextAttemptAt: clockNow() } });
  if (modifiedCount !== 1) throw new HttpError(409, 'Someone retried this message a moment ago.');
  sendAfterAnswer();
  return shape({ ...doc, state: 'waiting', attempts: 0, nextAttemptAt: clockNow() });
}
