/**
 * The rating the site shows over every published review: two counters (`counters`), how many
 * reviews are published and the sum of their ratings, changed by each write that publishes, hides,
 * rewrites or removes one (lib/reviews/reviews.ts), so reading it costs two documents however many
 * reviews there are. `rebuildReviewTotals` makes them again from the reviews: the migration that
 * brought them, the seed, and `npm run rollups:rebuild` as a repair.
 */
import type { AppDb } from '../db/types.ts';
import type { RatingSummary } from './types.ts';

const COUNT = 'reviews.published';
const SUM = 'reviews.ratingTotal';
/** Reviews read at a time by a rebuild. */
const PAGE = 1000;

/** Adds the change of one write to the totals: a review published (1, its rating), hidden (-1, -rating), rewritten (0, the difference). */
export async function changeReviewTotals(db: AppDb, count: number, rating: number): Promise<void> {
  const counters = db.collection('counters');
  await Promise.all([
    count && counters.updateOne({ _id: COUNT }, { $inc: { value: count } }, { upsert: true }),
    rating && counters.updateOne({ _id: SUM }, { $inc: { value: rating } }, { upsert: true }),
  ]);
}

export async function readReviewTotals(db: AppDb): Promise<RatingSummary | null> {
  const docs = await db.collection('counters').find({ _id: { $in: [COUNT, SUM] } }).toArray();
  const count = docs.find((doc) => doc._id === COUNT)?.value ?? 0;
  const sum = docs.find((doc) => doc._id === SUM)?.value ?? 0;
  return count > 0 ? { count, mean: sum / count } : null;
}

/** The totals counted again from every review, a page at a time in `_id` order. */
export async function rebuildReviewTotals(db: AppDb): Promise<{ count: number; sum: number }> {
  const reviews = db.collection('reviews');
  let count = 0;
  let sum = 0;
  for (let after: unknown = null; ; ) {
    const page = await reviews.find(after ? { _id: { $gt: after as never } } : {}, { projection: { rating: 1, hidden: 1 } }).sort({ _id: 1 }).limit(PAGE).toArray();
    for (const review of page) {
      if (review.hidden) continue;
      count++;
      sum += review.rating;
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!._id;
  }
  const counters = db.collection('counters');
  await counters.updateOne({ _id: COUNT }, { $set: { value: count } }, { upsert: true });
  await counters.updateOne({ _id: SUM }, { $set: { value: sum } }, { upsert: true });
  return { count, sum };
}
