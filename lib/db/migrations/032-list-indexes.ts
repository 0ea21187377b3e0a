import type { Migration } from './types.ts';

/** MongoDB's answers when there is nothing to drop: no such collection (26), no such index (27). */
const NOTHING_TO_DROP = new Set([26, 27]);

/**
 * Indexes that lists read end with `_id`, the lists' tiebreak, so a page is sorted from the index
 * alone: the orders' searches by the start of an email or a name, and the users who are not
 * guests (lib/db/seed.ts declares the new ones). The old ones, without it, go.
 */
export const listIndexes: Migration = {
  id: '032-list-indexes',
  description: "the indexes the lists read end with their tiebreak, _id: the orders' searches, and the users who are not guests",
  async up(db) {
    const old = [['payments', 'email_1_data_-1'], ['payments', 'name_1_data_-1'], ['users', 'guestUntil_1']] as const;
    for (const [collection, name] of old) {
      try {
        await db.collection(collection).dropIndex(name);
      } catch (err) {
        if (!NOTHING_TO_DROP.has((err as { code?: number }).code!)) throw err;
      }
    }
  },
};
