import { rebuildReviewTotals } from '../../reviews/totals.ts';
import type { Migration } from './types.ts';

/** The site's rating is read from two counters (lib/reviews/totals.ts) instead of counting every review: they start from the reviews there. */
export const reviewTotals: Migration = {
  id: '029-review-totals',
  description: "the published reviews' count and sum of ratings are kept as counters",
  async up(db) {
    await rebuildReviewTotals(db);
  },
};
