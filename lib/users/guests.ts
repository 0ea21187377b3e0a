import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { deleteFirebaseUsers, upgradedAccounts } from '@/lib/auth/firebase-admin';
import { HttpError } from '@/lib/api/http';
import { collections, describeDb } from '@/lib/db';
import { markVoided, openIntentsOf } from '@/lib/payments/intents';
import { LIMITS, enforceLimit } from '@/lib/rate-limit';
import { getSettings } from '@/lib/settings/store';
import { guestUntil } from './guest-idle';

/**
 * Guests: people who chose Continue as guest, each a Firebase anonymous account with a user
 * record of its own (lib/users/sign-in.ts), marked by `guestUntil`. The record is kept while the
 * guest is seen: each signed-in request (lib/auth/viewer.ts) and each paid order moves
 * `guestUntil` to 30 days after it. Past it, the record goes, with its cart, its open checkouts
 * voided, and the anonymous account at Firebase; paid orders stay, as every order does.
 */

export { GUEST_IDLE_DAYS, guestUntil } from './guest-idle';

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
 * orders, and, as anonymous accounts cost nothing to make, limited per browser, with a ceiling per
 * client address high enough for a restaurant's shared Wi-Fi: one person making guests in a loop
 * uses up their own browser's, not the diners' at the next table.
 */
export async function admitGuest(req: Request): Promise<void> {
  await assertGuestOrdersOpen();
  await enforceLimit(LIMITS.guestAccount, { device: req });
  await enforceLimit(LIMITS.guestAddress, { address: req });
}

/** A guest's order was paid at `paidAt`: their record stays another 30 days from then. Nothing for an account. */
export async function keepGuest(uid: string, paidAt: Date): Promise<void> {
  const { users } = await collections();
  const until = guestUntil(paidAt);
  await users.updateOne({ uid, guestUntil: { $lt: until } }, { $set: { guestUntil: until } });
}

/** Guests one sweep removes at most; more wait for the next. */
const SWEEP_LIMIT = 500;
const GONE = 'This checkout was cancelled: the guest who opened it had not been seen for 30 days. Your card was not charged.';

/**
 * Removes the records of guests not seen for 30 days, and only of accounts Firebase still has as
 * anonymous: one whose owner linked an email there (signed up) and has not signed in here since
 * is an account, not a guest, and is kept. Their open checkouts are voided first (the reconciler
 * cancels them at the provider); then each record goes in one conditional delete, so a guest seen
 * meanwhile (their `guestUntil` moved on) is kept; then their cart, and their anonymous accounts
 * at Firebase, which a failure there leaves for Firebase (the record, the session's other half, is
 * gone). When Firebase cannot be asked, nobody is removed this time. Answers how many went.
 */
export async function removeIdleGuests(now = clockNow()): Promise<{ removed: number }> {
  // A second server on the same embedded data reads only; the one that writes sweeps.
  if (!(await describeDb()).writable) return { removed: 0 };
  const { users, carts } = await collections();
  const idle = await users
    .find({ guestUntil: { $lte: now } }, { projection: { uid: 1, guestUntil: 1 } })
    .sort({ guestUntil: 1 })
    .limit(SWEEP_LIMIT)
    .toArray();
  if (!idle.length) return { removed: 0 };
  const upgraded = await upgradedAccounts(idle.map((guest) => guest.uid)).catch((err: unknown) => {
    console.error('[guests] Firebase could not say which guests are still anonymous; none removed this time', err);
    return null;
  });
  if (!upgraded) return { removed: 0 };
  const removed: string[] = [];
  for (const { _id, uid } of idle) {
    if (upgraded.has(uid)) {
      // Signed up at Firebase: their next sign-in here makes the record an account's. Not looked at again for a while.
      await users.updateOne({ _id, guestUntil: { $lte: now } }, { $set: { guestUntil: guestUntil(now) } });
      continue;
    }
    for (const intent of await openIntentsOf(uid)) await markVoided(intent._id, GONE, { now });
    const { deletedCount } = await users.deleteOne({ _id, guestUntil: { $lte: now } });
    if (!deletedCount) continue;
    await carts.deleteMany({ ownerUid: uid });
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
