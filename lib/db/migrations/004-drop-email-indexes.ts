import type { Migration } from './types.ts';

/** MongoDB's answers when there is nothing to drop: no such collection (26), no such index (27). */
const NOTHING_TO_DROP = new Set([26, 27]);

/**
 * Carts, payments, bookings and reviews were indexed by email to find, at their owner's sign-in,
 * what had been stored by email only. Everything has its owner's uid now (003-owners), and
 * nothing looks them up by email any more.
 */
export const dropEmailIndexes: Migration = {
  id: '004-drop-email-indexes',
  description: 'carts, payments, bookings and reviews are no longer indexed by email',
  async up(db) {
    for (const name of ['carts', 'payments', 'bookings', 'reviews'] as const) {
      try {
        await db.collection(name).dropIndex('email_1');
      } catch (err) {
        if (!NOTHING_TO_DROP.has((err as { code?: number }).code!)) throw err;
      }
    }
  },
};
