import { z } from 'zod';

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
