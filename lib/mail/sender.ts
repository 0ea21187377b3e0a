import 'server-only';
import { randomUUID } from 'node:crypto';
import type { WithId } from 'mongodb';
import type { Transporter } from 'nodemailer';
import { collections } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { clockMs, clockNow } from '@/lib/settings/clock';
import { composeMail, NothingToSay } from './compose';
import { mailConfig, type MailConfig } from './config';
import { restaurantDetails } from './restaurant';
import { openTransport, sendFailure } from './transport';

/**
 * Sending what the outbox holds. Any number of senders may run at once, in one process or many:
 * each takes a message with one conditional update (its state and attempt count as read), so of
 * two that read the same message only one gets it, and holds it for a lease. A sender that dies
 * leaves it to be taken again when the lease ends. A message the server refuses for good fails at
 * once with the server's reply; anything else waits and is tried again on the retry schedule, and
 * fails after the last attempt. When the server cannot be reached, the round stops: the messages
 * behind it would only fail the same way.
 */

export interface DrainResult {
  sent: number;
  failed: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
}

const NONE: DrainResult = { sent: 0, failed: 0, retrying: 0 };
/** Messages one round looks at; the next round (the cron, the periodic drain) takes the rest. */
const ROUND_LIMIT = 50;

/** One line, no control characters: nothing a header value holds can start another header. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

async function claim(doc: WithId<OutboxDoc>, config: MailConfig): Promise<WithId<OutboxDoc> | null> {
  const { outbox } = await collections();
  const leaseId = randomUUID();
  const nextAttemptAt = new Date(clockMs() + config.leaseMs);
  const { modifiedCount } = await outbox.updateOne(
    { _id: doc._id, state: doc.state, attempts: doc.attempts },
    { $set: { state: 'sending', leaseId, nextAttemptAt }, $inc: { attempts: 1 } },
  );
  return modifiedCount === 1 ? { ...doc, state: 'sending', leaseId, nextAttemptAt, attempts: doc.attempts + 1 } : null;
}

/** Settles a claimed message, only while this sender still holds it. */
async function settle(doc: WithId<OutboxDoc>, update: Partial<OutboxDoc>, unsetLastError = false): Promise<void> {
  const { outbox } = await collections();
  await outbox.updateOne(
    { _id: doc._id, leaseId: doc.leaseId },
    { $set: update, $unset: unsetLastError ? { leaseId: '', lastError: '' } : { leaseId: '' } },
  );
}

async function fail(doc: WithId<OutboxDoc>, config: MailConfig, reply: string, permanent: boolean): Promise<'failed' | 'retrying'> {
  const maxAttempts = config.retrySeconds.length + 1;
  if (permanent || doc.attempts >= maxAttempts) {
    await settle(doc, { state: 'failed', lastError: reply, nextAttemptAt: clockNow() });
    return 'failed';
  }
  const wait = config.retrySeconds[doc.attempts - 1]! * 1000;
  await settle(doc, { state: 'waiting', lastError: reply, nextAttemptAt: new Date(clockMs() + wait) });
  return 'retrying';
}

type Outcome = 'sent' | 'failed' | 'retrying';

/** How the attempt ended, and whether the round should stop (the server cannot be reached). */
async function deliver(doc: WithId<OutboxDoc>, config: MailConfig, transport: Transporter): Promise<[Outcome, boolean]> {
  if (doc.attempts > config.retrySeconds.length + 1) {
    return [await fail(doc, config, `Gave up after ${doc.attempts - 1} attempts whose senders stopped before finishing.`, true), false];
  }
  let mail;
  try {
    mail = await composeMail(doc);
  } catch (err) {
    if (err instanceof NothingToSay) return [await fail(doc, config, err.message, true), false];
    console.error(`[mail] could not compose ${doc.key}`, err);
    return [await fail(doc, config, 'The message could not be composed (see the server log).', false), false];
  }
  const restaurant = await restaurantDetails();
  try {
    const info = await transport.sendMail({
      from: config.from ?? { name: oneLine(restaurant.name), address: restaurant.email },
      to: mail.toName ? { name: oneLine(mail.toName), address: doc.to } : doc.to,
      ...(doc.kind === 'order-new' ? {} : { replyTo: restaurant.email }),
      subject: oneLine(mail.subject),
      html: mail.html,
      text: mail.text,
    });
    const rejected = [...(info.rejected ?? [])];
    if (rejected.length) return [await fail(doc, config, `The server refused ${rejected.join(', ')}.`, true), false];
    await settle(doc, { state: 'sent', sentAt: clockNow(), nextAttemptAt: clockNow() }, true);
    return ['sent', false];
  } catch (err) {
    const failure = sendFailure(err);
    if (failure.serverDown) console.error(`[mail] the SMTP server did not take ${doc.key}: ${failure.reply}`);
    return [await fail(doc, config, failure.reply, failure.permanent), failure.serverDown];
  }
}

/** One sender's round: every message due now, oldest due first, each taken before it is sent. */
export async function sendDue(config: MailConfig = mailConfig()): Promise<DrainResult> {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) return NONE;
  const { outbox } = await collections();
  const due = await outbox
    .find({ state: { $in: ['waiting', 'sending'] }, nextAttemptAt: { $lte: clockNow() } })
    .sort({ nextAttemptAt: 1 })
    .limit(ROUND_LIMIT)
    .toArray();
  const result = { ...NONE };
  if (!due.length) return result;
  const transport = openTransport(smtpUrl);
  try {
    for (const candidate of due) {
      const doc = await claim(candidate, config);
      if (!doc) continue;
      const [outcome, stop] = await deliver(doc, config, transport);
      result[outcome]++;
      if (stop) break;
    }
  } finally {
    transport.close();
  }
  return result;
}
