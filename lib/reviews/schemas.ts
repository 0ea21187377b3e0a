import { z } from 'zod';
import { dayRangeParams, dayRangeRefinement, pageParams } from '@/lib/pagination/schemas';

/** A diner's review, parsed by the review form and by POST /api/review alike. */

export const DETAILS_MIN = 10;
export const DETAILS_MAX = 500;

export const reviewSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  details: z
    .string({ error: 'Tell us about your visit' })
    .trim()
    .min(DETAILS_MIN, `Write at least ${DETAILS_MIN} characters`)
    .max(DETAILS_MAX, `Write at most ${DETAILS_MAX} characters`),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** Which reviews a list shows: those on the site (anybody), or also or only those hidden (admins). */
export const REVIEW_STATUSES = ['published', 'hidden', 'all'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * GET /api/review: a page of the reviews, newest first, by the day written (`?from=`, `?to=`, both
 * included) and `?status=` (published unless said).
 */
export const reviewsQuerySchema = z
  .strictObject({ ...dayRangeParams, ...pageParams, status: z.enum(REVIEW_STATUSES, { error: 'status is published, hidden or all' }).optional() })
  .refine(...dayRangeRefinement);
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

/** PATCH /api/review/{id} (admins): takes a review off the site, or puts it back. */
export const reviewModerationSchema = z.strictObject({ hidden: z.boolean({ error: 'hidden is true or false' }) });
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;
