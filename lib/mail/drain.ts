import 'server-only';
import { describeDb } from '@/lib/db';
import { tellLateOrders } from '@/lib/orders/late';
import { mailConfig } from './config';
import { sweepChanges } from './outbox';
import { sendDue, type DrainResult } from './sender';

/**
 * Draining the outbox: the orders that ran late are told (lib/orders/late.ts, on the clock), the
 * sweep for messages a dead process never wrote, then one sender's round. Three callers: the request that wrote a message (after answering), a long-running
 * server every MAIL_DRAIN_SECONDS, and on Vercel the cron route every minute.
 */

export interface DrainSummary extends DrainResult {
  /** Messages the sweep wrote. */
  swept: number;
}

// On globalThis: Next.js may load this module more than once in a process.
const g = globalThis as { __bistroMailDrain?: { running: Promise<DrainSummary> | null; again: boolean; timer?: ReturnType<typeof setInterval> } };
const state = (g.__bistroMailDrain ??= { running: null, again: false });

async function drainOnce(): Promise<DrainSummary> {
  // A second server on the same embedded data reads only; the one that writes drains.
  if (!(await describeDb()).writable) return { sent: 0, failed: 0, retrying: 0, swept: 0 };
  // Whatever the late check meets, the messages already written still go.
  await tellLateOrders().catch((err: unknown) => console.error('[orders] could not check for orders running late', err));
  const swept = await sweepChanges();
  return { ...(await sendDue()), swept };
}

/**
 * Drains once; a call while this process is already draining makes that drain go round once
 * more (something new was written meanwhile) and answers its result.
 */
export function drainOutbox(): Promise<DrainSummary> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    const total: DrainSummary = { sent: 0, failed: 0, retrying: 0, swept: 0 };
    do {
      state.again = false;
      const round = await drainOnce();
      for (const key of Object.keys(total) as (keyof DrainSummary)[]) total[key] += round[key];
    } while (state.again);
    return total;
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}

/** Drains every MAIL_DRAIN_SECONDS in this process until `stopPeriodicDrain` (a long-running server; not on Vercel). */
export function startPeriodicDrain(everyMs = mailConfig().drainEveryMs): void {
  if (state.timer) return;
  const tick = () =>
    drainOutbox().catch((err: unknown) => {
      console.error('[mail] could not drain the outbox', err);
    });
  state.timer = setInterval(tick, everyMs);
  state.timer.unref();
  void tick();
}

export function stopPeriodicDrain(): void {
  clearInterval(state.timer);
  delete state.timer;
}
