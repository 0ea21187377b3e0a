import 'server-only';
import type { WithId } from 'mongodb';
import webpush, { WebPushError } from 'web-push';
import { collections } from '@/lib/db';
import type { PushSubscriptionDoc } from '@/lib/db/documents';
import type { Notice } from '../compose';
import type { PushConfig } from './config';

/**
 * Sending one notice to a set of browsers through their push services (web-push encrypts the
 * payload for each and signs the request with the VAPID key). A push service that answers 404 or
 * 410 says the subscription is gone: it is removed, never tried again. Anything else that fails
 * (a 429, a 5xx, no answer within the timeout) is tried again later with the notice.
 */

export interface PushOutcome {
  /** Browsers whose push service took the notice. */
  delivered: number;
  /** Subscriptions removed because their service said they are gone. */
  gone: number;
  /** Why the others could not be reached now, when some could not. */
  retry: string | null;
}

/** How long one push service may take to answer; a notice waits for the next round past it. */
const TIMEOUT_MS = 10_000;
/** A notice not delivered within the hour is stale: the push service may drop it. */
const TTL_SECONDS = 3600;

export async function pushNotice(subscriptions: WithId<PushSubscriptionDoc>[], notice: Notice & { tag: string }, config: Extract<PushConfig, { on: true }>): Promise<PushOutcome> {
  const { pushSubscriptions } = await collections();
  const payload = JSON.stringify(notice);
  const outcome: PushOutcome = { delivered: 0, gone: 0, retry: null };
  await Promise.all(
    subscriptions.map(async (sub) => {
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: sub.keys }, payload, {
          vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
          TTL: TTL_SECONDS,
          urgency: 'high',
          timeout: TIMEOUT_MS,
        });
        outcome.delivered++;
      } catch (err) {
        const status = err instanceof WebPushError ? err.statusCode : undefined;
        if (status === 404 || status === 410) {
          await pushSubscriptions.deleteMany({ endpoint: sub.endpoint });
          outcome.gone++;
          return;
        }
        // A request the service refuses as such (400, 403, 413) will be refused again: the browser must subscribe anew.
        if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
          await pushSubscriptions.deleteMany({ endpoint: sub.endpoint });
          outcome.gone++;
          return;
        }
        outcome.retry = status ? `The push service answered ${status}.` : `The push service could not be reached: ${err instanceof Error ? err.message : String(err)}`;
      }
    }),
  );
  return outcome;
}
