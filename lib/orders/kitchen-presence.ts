import 'server-only';
import { readStamp, setStamp } from '@/lib/db/stamps';
import { clockMs } from '@/lib/settings/clock';
import { streamConfig } from './stream-config';

/**
 * Whether a kitchen display is connected, across every server instance: the kitchen's order
 * stream stamps the time when it opens and at each heartbeat (lib/orders/stream.ts), so a kitchen
 * is connected while its last stamp is younger than a few heartbeats. The restaurant's mail and
 * safe failure (lib/settings/ordering.ts) read it. Cheap: this process writes at most once a
 * heartbeat however many displays it serves, and a reader trusts what this process stamped or
 * read a moment ago before it asks the database again.
 */

const KITCHEN = 'kitchen-seen';
/** A read of the stamp is trusted this long. */
const READ_TTL_MS = 5_000;

// On globalThis: Next.js may load this module in more than one bundle of the same process.
const g = globalThis as { __bistroKitchenSeen?: { wroteAt: number; seenAt: number; readAt: number } };
const known = (g.__bistroKitchenSeen ??= { wroteAt: 0, seenAt: 0, readAt: 0 });

/** A kitchen display is connected now. Called by its order stream when it opens and at each heartbeat. */
export async function markKitchenSeen(): Promise<void> {
  const now = clockMs();
  known.seenAt = Math.max(known.seenAt, now);
  // A little under a heartbeat, so the timer's drift never skips one.
  if (now - known.wroteAt < streamConfig().heartbeatMs * 0.9) return;
  known.wroteAt = now;
  await setStamp(KITCHEN, new Date(now));
}

/** True when a kitchen display stamped its presence within the last `ms`, on any instance. */
export async function kitchenSeenWithin(ms: number): Promise<boolean> {
  const now = clockMs();
  if (now - known.seenAt <= ms) return true;
  if (now - known.readAt > READ_TTL_MS) {
    known.readAt = now;
    known.seenAt = Math.max(known.seenAt, (await readStamp(KITCHEN)).getTime());
  }
  return now - known.seenAt <= ms;
}
