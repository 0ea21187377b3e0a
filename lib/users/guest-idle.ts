import { clockNow } from '@/lib/settings/clock';

/**
 * How long a guest's record is kept after they were last seen (a signed-in request, or a paid
 * order): every such sign of life moves `guestUntil` on (lib/auth/viewer.ts, lib/users/guests.ts).
 */
export const GUEST_IDLE_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a guest seen (or whose record was made, or who paid) at `from` is kept. */
export const guestUntil = (from: Date): Date => new Date(from.getTime() + GUEST_IDLE_DAYS * DAY_MS);

/** Whether a guest seen now should have `guestUntil` moved on: at most once a day, so a visit costs one write a day at most. */
export const guestSeenDue = (until: Date, now = clockNow()): boolean => until.getTime() < guestUntil(now).getTime() - DAY_MS;
