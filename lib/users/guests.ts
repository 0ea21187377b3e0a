import 'server-only';
import { deleteFirebaseUsers } from '@/lib/auth/firebase-admin';
import { HttpError } from '@/lib/api/http';
import { collections, describeDb } from '@/lib/db';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { clockNow } from '@/lib/settings/clock';
import { getSettings } from '@/lib/settings/store';

/**
 * Guests: people who chose Continue as guest, each a Firebase anonymous account with a user
 * record of its own (lib/users/sign-in.ts), marked by `guestUntil`. The record is kept while the
 * guest orders: each paid order moves `guestUntil` to 30 days after it. Past it, the record goes,
 * with the cart and the unpaid checkouts it owned and the anonymous account at Firebase; paid
 * orders stay, as every order does.
 */

export const GUEST_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a guest who ordered (or whose record was made) at `from` is kept. */
export const guestUntil = (from: Date): Date => new Date(from.getTime() + GUEST_IDLE_DAYS * DAY_MS);

/** Whether the restaurant takes guest orders (its setting): Add To Cart offers Continue as guest. */
export async function guestOrdersOpen(): Promise<boolean> {
  return (await getSettings()).ordering.guests;
}

export const GUESTS_OFF = 'This restaurant takes orders from people with an account: please log in or sign up.';

/** Refuses a guest's order while the restaurant takes none from guests (403). */
export async function assertGuestOrdersOpen(): Promise<void> {
  if (!(await guestOrdersOpen())) throw new HttpError(403, GUESTS_OFF);
}

/**
 * Before a new guest's record is made (POST /api/jwt): only while the restaurant takes guest
 * orders, and, as anonymous accounts cost nothing to make, limited per client address.
 */
export async function admitGuest(req: Request): Promise<void> {
  await assertGuestOrdersOpen();
  await enforceRateLimit(req, LIMITS.guestAccount);
}

/** A guest's order was paid at `paidAt`: their record stays another 30 days from then. Nothing for an account. */
export async function keepGuest(uid: string, paidAt: Date): Promise<void> {
  const { users } = await collections();
  const until = guestUntil(paidAt);
  await users.updateOne({ uid, guestUntil: { $lt: until } }, { $set: { guestUntil: until } });
}

/** Guests one sweep removes at most; more wait for the next. */
const SWEEP_LIMIT = 500;

/**
 * Removes the records of guests with no order for 30 days. Each record goes in one conditional
 * delete, so a guest who paid meanwhile (their `guestUntil` moved on) is kept; only then their
 * cart and unpaid checkouts, and their anonymous accounts at Firebase, which a failure there
 * leaves for Firebase (the record, the session's other half, is gone). Answers how many went.
 */
export async function removeIdleGuests(now = clockNow()): Promise<{ removed: number }> {
  // A second server on the same embedded data reads only; the one that writes sweeps.
  if (!(await describeDb()).writable) return { removed: 0 };
  const { users, carts, checkout_intents } = await collections();
  const idle = await users
    .find({ guestUntil: { $lte: now } }, { projection: { uid: 1 } })
    .sort({ guestUntil: 1 })
    .limit(SWEEP_LIMIT)
    .toArray();
  const removed: string[] = [];
  for (const { _id, uid } of idle) {
    const { deletedCount } = await users.deleteOne({ _id, guestUntil: { $lte: now } });
    if (!deletedCount) continue;
    await carts.deleteMany({ ownerUid: uid });
    await checkout_intents.deleteMany({ ownerUid: uid, status: 'open' });
    removed.push(uid);
  }
  if (removed.length) {
    await deleteFirebaseUsers(removed).catch((err: unknown) => console.error('[guests] could not delete the anonymous accounts of removed guests at Firebase', err));
  }
  return { removed: removed.length };
}

// On globalThis: Next.js may load this module more than once in a process.
const g = globalThis as { __bistroGuestSweep?: ReturnType<typeof setInterval> };

/** Sweeps every hour in this process (a long-running server; on Vercel the cron route does). */
export function startGuestSweep(everyMs = 60 * 60 * 1000): void {
  if (g.__bistroGuestSweep) return;
  const tick = () => void removeIdleGuests().catch((err: unknown) => console.error('[guests] could not remove idle guests', err));
  g.__bistroGuestSweep = setInterval(tick, everyMs);
  g.__bistroGuestSweep.unref();
  tick();
}
