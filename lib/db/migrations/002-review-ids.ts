import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../errors.ts';
import type { Migration } from './types.ts';

/**
 * A review stored while reviews were kept one per user had its author's user record id as its
 * own, shown to anybody who reads the reviews. Each such review gets an id of its own: its time
 * (so the newest still sort first) and a hash of the old id (so a run cut short between the copy
 * and the deletion makes the same id again, not a second copy).
 */
export const reviewIds: Migration = {
  id: '002-review-ids',
  description: 'reviews keyed by their author get ids of their own',
  async up(db) {
    const reviews = db.collection('reviews');
    const users = db.collection('users');
    // Reviews written since have an owner and ids of their own.
    for (const review of await reviews.find({ ownerUid: { $exists: false } }).toArray()) {
      if (!(await users.findOne({ _id: review._id }, { projection: { _id: 1 } }))) continue;
      const seconds = Math.floor((review.createdAt ?? review._id.getTimestamp()).getTime() / 1000);
      const rest = createHash('sha256').update(`review\u0000${review._id.toHexString()}`).digest('hex').slice(0, 16);
      const _id = new ObjectId(seconds.toString(16).padStart(8, '0') + rest);
      try {
        await reviews.insertOne({ ...review, _id });
      } catch (err) {
        // Copied before a run was cut short: the copy is there.
        if (!isDuplicateKeyError(err) || !(await reviews.findOne({ _id }))) throw err;
      }
      await reviews.deleteOne({ _id: review._id });
    }
  },
};
