import 'server-only';
import { readStamp, setStamp } from '@/lib/db/stamps';

/**
 * Whether a kitchen display is connected, across every server instance: the kitchen's order
 * stream stamps the time when it opens and at each heartbeat (lib/orders/stream.ts), so a
 * kitchen is connected while its last stamp is younger than a few heartbeats.
 */

const KITCHEN = 'kitchen-seen';

export async function markKitchenSeen(): Promise<void> {
  await setStamp(KITCHEN, new Date());
}

/** True when a kitchen display stamped its presence within the last `ms`. */
export async function kitchenSeenWithin(ms: number): Promise<boolean> {
  return Date.now() - (await readStamp(KITCHEN)).getTime() <= ms;
}
