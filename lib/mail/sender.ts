import 'server-only';
import { randomUUID } from 'node:crypto';
import type { WithId } from 'mongodb';
import type { Transporter } from 'nodemailer';
import { collections } from '@/lib/db';
import type { OutboxDoc } from '@/lib/db/documents';
import { clockMs, clockNow } from '@/lib/settings/clock';
import { isNotice, NOTICE_KINDS, routeOf, sendNotice, type NoticeResult, type Route } from '@/lib/notify/deliver';
import type { Channel } from '@/lib/notify/types';
import { composeMail, NothingToSay } from './compose';
import { mailConfig, type MailConfig } from './config';
import { readyEmailWanted } from './outbox';
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
 *
 * A notice to a diner goes by the best channel they have (lib/notify/deliver.ts): push, a text,
 * else this email. A channel that cannot be reached is left for the round; the others go on.
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

async function claim(doc: WithId<OutboxDoc>, config: MailConfig, channel: Channel): Promise<WithId<OutboxDoc> | null> {
  const { outbox } = await collections();
  const leaseId = randomUUID();
  const nextAttemptAt = new Date(clockMs() + config.leaseMs);
  const { modifiedCount } = await outbox.updateOne(
    { _id: doc._id, state: doc.state, attempts: doc.attempts },
    { $set: { state: 'sending', leaseId, nextAttemptAt, channel }, $inc: { attempts: 1 } },
  );
  return modifiedCount === 1 ? { ...doc, state: 'sending', leaseId, nextAttemptAt, channel, attempts: doc.attempts + 1 } : null;
}

/** Settles a claimed message, only while this sender still holds it. */
async function settle(doc: WithId<OutboxDoc>, update: Partial<OutboxDoc>, unsetLastError = false): Promise<void> {
  const { outbox } = await collections();
  await outbox.updateOne(
    { _id: doc._id, leaseId: doc.leaseId },
    { $set: update, $unset: unsetLastError ? { leaseId: '', lastError: '' } : { leaseId: '' } },
  );
}

/** `doc.channel` is the channel it failed on, kept for its retries. */
async function fail(doc: WithId<OutboxDoc>, config: MailConfig, reply: string, permanent: boolean): Promise<'failed' | 'retrying'> {
  const maxAttempts = config.retrySeconds.length + 1;
  const channel = doc.channel ? { channel: doc.channel } : {};
  if (permanent || doc.attempts >= maxAttempts) {
    await settle(doc, { state: 'failed', lastError: reply, nextAttemptAt: clockNow(), ...channel });
    return 'failed';
  }
  const wait = config.retrySeconds[doc.attempts - 1]! * 1000;
  await settle(doc, { state: 'waiting', lastError: reply, nextAttemptAt: new Date(clockMs() + wait), ...channel });
  return 'retrying';
}

type Outcome = 'sent' | 'failed' | 'retrying';

/** How the attempt ended, and the channel that cannot be reached this round, if it could not. */
async function deliver(doc: WithId<OutboxDoc>, route: Route | null, config: MailConfig, transport: () => Transporter): Promise<[Outcome, Channel | null]> {
  if (doc.attempts > config.retrySeconds.length + 1) {
    return [await fail(doc, config, `Gave up after ${doc.attempts - 1} attempts whose senders stopped before finishing.`, true), null];
  }
  if (!isNotice(doc.kind)) return deliverEmail(doc, config, transport);
  let sent: NoticeResult;
  try {
    sent = await sendNotice(doc, route);
  } catch (err) {
    if (err instanceof NothingToSay) return [await fail(doc, config, err.message, true), null];
    console.error(`[notify] could not send ${doc.key}`, err);
    return [await fail(doc, config, 'The notice could not be sent (see the server log).', false), null];
  }
  if (sent.outcome === 'sent') {
    await settle(doc, { state: 'sent', channel: sent.channel, sentAt: clockNow(), nextAttemptAt: clockNow() }, true);
    return ['sent', null];
  }
  if (sent.outcome === 'retry') return [await fail({ ...doc, channel: sent.channel }, config, sent.reply, false), sent.channel];
  if (sent.outcome === 'failed') return [await fail(doc, config, sent.reply, true), null];
  const byEmail = { ...doc, channel: 'email' as const };
  if (doc.kind === 'order-ready' && !(await readyEmailWanted(doc.ref))) {
    return [await fail(byEmail, config, 'The diner turned "ready" emails off, and has no push or texts for this order.', true), null];
  }
  if (!config.smtpUrl) {
    // Handed down to email with no mail server: it waits for one, this attempt not counted.
    await settle(byEmail, { state: 'waiting', channel: 'email', attempts: doc.attempts - 1, nextAttemptAt: clockNow() });
    return ['retrying', null];
  }
  return deliverEmail(byEmail, config, transport);
}

async function deliverEmail(doc: WithId<OutboxDoc>, config: MailConfig, transport: () => Transporter): Promise<[Outcome, Channel | null]> {
  let mail;
  try {
    mail = await composeMail(doc);
  } catch (err) {
    if (err instanceof NothingToSay) return [await fail(doc, config, err.message, true), null];
    console.error(`[mail] could not compose ${doc.key}`, err);
    return [await fail(doc, config, 'The message could not be composed (see the server log).', false), null];
  }
  const restaurant = await restaurantDetails();
  try {
    const info = await transport().sendMail({
      from: config.from ?? { name: oneLine(restaurant.name), address: restaurant.email },
      to: mail.toName ? { name: oneLine(mail.toName), address: doc.to } : doc.to,
      ...(doc.kind === 'order-new' ? {} : { replyTo: restaurant.email }),
      subject: oneLine(mail.subject),
      html: mail.html,
      text: mail.text,
    });
    const rejected = [...(info.rejected ?? [])];
    if (rejected.length) return [await fail(doc, config, `The server refused ${rejected.join(', ')}.`, true), null];
    await settle(doc, { state: 'sent', channel: 'email', sentAt: clockNow(), nextAttemptAt: clockNow() }, true);
    return ['sent', null];
  } catch (err) {
    const failure = sendFailure(err);
    if (failure.serverDown) console.error(`[mail] the SMTP server did not take ${doc.key}: ${failure.reply}`);
    return [await fail(doc, config, failure.reply, failure.permanent), failure.serverDown ? 'email' : null];
  }
}

/**
 * One sender's round: every message due now, oldest due first, each taken before it is sent.
 * Without a mail server, emails wait untaken and only the notices that go by push or text are
 * looked at.
 */
export async function sendDue(config: MailConfig = mailConfig()): Promise<DrainResult> {
  const smtpUrl = config.smtpUrl;
  const { outbox } = await collections();
  const due = await outbox
    .find({ state: { $in: ['waiting', 'sending'] }, nextAttemptAt: { $lte: clockNow() }, ...(smtpUrl ? {} : { kind: { $in: [...NOTICE_KINDS] }, channel: { $ne: 'email' } }) })
    .sort({ nextAttemptAt: 1 })
    .limit(ROUND_LIMIT)
    .toArray();
  const result = { ...NONE };
  if (!due.length) return result;
  let transport: Transporter | null = null;
  const down = new Set<Channel>();
  try {
    for (const candidate of due) {
      const route = await routeOf(candidate);
      const channel = route?.channel ?? candidate.channel ?? 'push';
      // An email waits for a mail server; a channel that could not be reached this round is not tried again in it.
      if ((channel === 'email' && !smtpUrl) || down.has(channel)) continue;
      const doc = await claim(candidate, config, channel);
      if (!doc) continue;
      const [outcome, unreachable] = await deliver(doc, route, config, () => (transport ??= openTransport(smtpUrl!)));
      result[outcome]++;
      if (unreachable) down.add(unreachable);
    }
  } finally {
    (transport as Transporter | null)?.close();
  }
  return result;
}
