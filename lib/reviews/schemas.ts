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

/** GET /api/review: a page of the reviews, newest first, by the day written (`?from=`, `?to=`, both included). */
export const reviewsQuerySchema = z.strictObject({ ...dayRangeParams, ...pageParams }).refine(...dayRangeRefinement);
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;
