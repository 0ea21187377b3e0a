import 'server-only';
import { clockMs, clockNow } from '@/lib/settings/clock';
import type { ObjectId } from 'mongodb';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, describeDb } from '@/lib/db';
import { toCents } from '@/lib/menu/money';
import { fromMinutes } from '@/lib/reservations/calendar';
import { zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';
import { releaseHolds } from './holds';
import { isDemoPayment } from './mode';
import { expiresAt, isPaid, markVoided, markVoidSettled, reconcileLater, type IntentRecord } from './intents';
import { PaymentError, type ProviderIntent } from './provider';
import { providerFor } from './providers';
import { cancelAtProvider, complete, EXPIRED, NOT_CHARGED, refundUnrecorded, settle, voidIntent } from './settle';
import type { PaymentToReconcile } from './types';

/**
 * The reconciler: background work that makes every checkout end as the provider says it should,
 * whether or not the diner's page or Stripe's webhook came back. It runs on a timer in the server
 * process, and through the cron route on Vercel (GET /api/cron/payments), never inside a diner's
 * request. Each run takes the checkouts whose `reconcileAt` has come, soonest first:
 * - one the provider reports charged is completed (settle.ts: recorded as an order), or, when it
 *   must not be recorded (voided meanwhile, or its lines paid by another payment), refunded, with
 *   the refund and the reason kept on the checkout;
 * - one authorized is settled like any confirmation: captured once its order's holds are taken,
 *   or voided;
 * - one still open past its hour is cancelled at the provider and voided (the expiry sweep), and
 *   one voided is made sure of at the provider, what it held given back;
 * - one recorded whose emails or cart were not finished (a process stopped) is finished.
 * Then checkouts past their retention (lib/payments/intents.ts) are deleted. A try that fails is
 * tried again a minute later and shows on the admin home until it goes through.
 */

/** Checkouts read at a time; a run goes on while some are due, up to its time budget. */
const BATCH = 25;
/** How long one run may go on: well inside a minute (the timer's period) and the cron route's limit. */
const RUN_BUDGET_MS = 45_000;
/** Records deleted per run. */
const PURGE_BATCH = 500;
const MINUTE = 60_000;
/** A run looks again this long after a try that failed, and after a payment still processing. */
const RETRY_MS = MINUTE;
const PROCESSING_MS = 10 * MINUTE;
/** A checkout due this long and not done yet is shown to admins as waiting to be reconciled. */
const OVERDUE_MS = 5 * MINUTE;

export interface ReconcileSummary {
  /** Checkouts looked at. */
  checked: number;
  /** Of those, the tries that failed (to be tried again). */
  failed: number;
  /** Records deleted past their retention. */
  deleted: number;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const problemOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The provider's account of the intent, or null when it has none (never made, or deleted there). */
async function retrieve(record: IntentRecord): Promise<ProviderIntent | null> {
  return providerFor(record.transactionId)
    .retrieveIntent(record.transactionId)
    .catch((err: unknown) => {
      if (err instanceof PaymentError && err.code === 'resource_missing') return null;
      throw err;
    });
}

/** A voided checkout: cancelled at the provider (or refunded, if it was charged all the same), and what it held given back. */
async function finishVoided(record: IntentRecord): Promise<void> {
  const provider = providerFor(record.transactionId);
  const intent = await retrieve(record);
  if (intent?.status === 'succeeded') {
    await refundUnrecorded(provider, record, record.voided ?? 'Voided before it was charged');
    return;
  }
  if (intent?.status === 'processing') {
    await reconcileLater(record._id, later(clockNow(), PROCESSING_MS));
    return;
  }
  if ((intent?.status === 'authorized' || intent?.status === 'open') && !(await cancelAtProvider(provider, record.transactionId))) {
    throw new Error('The card service did not cancel it (it may have been charged meanwhile: the next run refunds it).');
  }
  await releaseHolds(record);
  await markVoidSettled(record._id);
}

/** Moves one checkout on, as the provider's account of it says. */
async function reconcileIntent(record: IntentRecord, now: Date): Promise<void> {
  if (isPaid(record)) {
    await complete(record);
    return;
  }
  if (record.voided) {
    await finishVoided(record);
    return;
  }
  const intent = await retrieve(record);
  if (!intent) {
    // The provider has no such intent: nothing can be charged, and it holds nothing any more.
    if (await markVoided(record._id, `This payment was cancelled. ${NOT_CHARGED}`, { cancelled: true, now })) await releaseHolds(record);
    return;
  }
  if (intent.status === 'processing') return reconcileLater(record._id, later(now, PROCESSING_MS));
  if (intent.status === 'open') {
    if (now <= expiresAt(record)) return reconcileLater(record._id, expiresAt(record));
    await voidIntent(providerFor(record.transactionId), record, EXPIRED).catch(() => undefined);
    return;
  }
  // Authorized, charged or cancelled: settled as any confirmation would. A refusal voids it (and
  // is what the diner is told); another confirmation settling it now leaves it to that one.
  await settle(record, { intent, wait: false }).catch(async (err: unknown) => {
    const latest = await (await collections()).checkout_intents.findOne({ _id: record._id });
    if (latest && (latest.voided || isPaid(latest))) return;
    throw err;
  });
}

/** One run: the checkouts that are due, then the records past their retention. */
export async function reconcilePayments(now = clockNow()): Promise<ReconcileSummary> {
  // A second server on the same embedded data reads only; the one that writes reconciles.
  if (!(await describeDb()).writable) return { checked: 0, failed: 0, deleted: 0 };
  const { checkout_intents, demoIntents } = await collections();
  const until = clockMs() + RUN_BUDGET_MS;
  let checked = 0;
  let failed = 0;
  const seen: ObjectId[] = [];
  for (;;) {
    // Each is looked at once a run, even one still due after it (its next look is the next run's).
    const due = await checkout_intents.find({ reconcileAt: { $lte: now }, _id: { $nin: seen } }).sort({ reconcileAt: 1 }).limit(BATCH).toArray();
    seen.push(...due.map((record) => record._id));
    for (const record of due) {
      try {
        await reconcileIntent(record, now);
      } catch (err) {
        failed++;
        console.error(`[payments] could not reconcile ${record.transactionId}; trying again shortly`, err);
        await reconcileLater(record._id, later(now, RETRY_MS), problemOf(err));
      }
    }
    checked += due.length;
    if (due.length < BATCH || clockMs() >= until) break;
  }
  const expired = await checkout_intents.find({ deleteAfter: { $lte: now } }, { projection: { transactionId: 1, voided: 1 } }).limit(PURGE_BATCH).toArray();
  if (expired.length) {
    // The demo provider's account of a voided intent goes with it: it charged nothing and can refund nothing.
    const voidedDemo = expired.filter((r) => r.voided && isDemoPayment(r.transactionId)).map((r) => r.transactionId);
    if (voidedDemo.length) await demoIntents.deleteMany({ _id: { $in: voidedDemo } });
    await checkout_intents.deleteMany({ _id: { $in: expired.map((r) => r._id) }, deleteAfter: { $lte: now } });
  }
  return { checked, failed, deleted: expired.length };
}

/**
 * Payments the reconciler has not managed to finish for a while (the admin home lists them): a
 * payment taken whose order is not recorded yet, a checkout the provider cannot be asked about, one
 * charged after it was voided. Each says what went wrong last; they go once the reconciler succeeds.
 */
export async function paymentsToReconcile(admin: Admin, now = clockNow()): Promise<PaymentToReconcile[]> {
  authorize(admin, 'admin');
  const { checkout_intents } = await collections();
  const overdue = await checkout_intents.find({ reconcileAt: { $lte: new Date(now.getTime() - OVERDUE_MS) } }).sort({ reconcileAt: 1 }).limit(100).toArray();
  const { timeZone } = (await getSettings()).schedule;
  const clock = (at: Date) => {
    const { today, minutes } = zonedClock(at, timeZone);
    return `${today} ${fromMinutes(minutes)}`;
  };
  return overdue
    .filter((r) => isPaid(r) || r.fulfilmentFixed || r.attention)
    .map((r) => ({
      transactionId: r.transactionId,
      email: r.email,
      cents: toCents(r.price),
      since: clock(r.paidAt ?? r.createdAt),
      state: isPaid(r) ? 'paid, order not finished' : r.voided ? 'voided, not yet cancelled or refunded' : 'being paid',
      ...(r.attention ? { problem: r.attention.error, tries: r.attention.tries } : {}),
    }));
}

// On globalThis: Next.js may load this module more than once in a process.
const g = globalThis as { __bistroReconciler?: { timer: ReturnType<typeof setInterval>; running: boolean } };

/** Reconciles every minute in this process (a long-running server; on Vercel the cron route does). */
export function startReconciler(everyMs = MINUTE): void {
  if (g.__bistroReconciler) return;
  const state = { running: false, timer: setInterval(() => void tick(), everyMs) };
  const tick = async () => {
    if (state.running) return;
    state.running = true;
    await reconcilePayments()
      .catch((err: unknown) => console.error('[payments] the reconciler could not run', err))
      .finally(() => (state.running = false));
  };
  state.timer.unref();
  g.__bistroReconciler = state;
  void tick();
}
