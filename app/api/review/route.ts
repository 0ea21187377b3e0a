import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { pageResponse } from '@/lib/pagination/page';
import { requireViewer } from '@/lib/auth/viewer';
import { getReviews } from '@/lib/menu/queries';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { saveReview } from '@/lib/reviews/reviews';
import { reviewSchema, reviewsQuerySchema } from '@/lib/reviews/schemas';

/** A page of the reviews, newest first, for anybody; the next page is in `Link`. */
export const GET = route(async (req) => pageResponse(req, await getReviews(readQuery(req, reviewsQuerySchema))));

/** The caller's review: 201 when it is their first, 200 when it rewrote the one they had. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.review, viewer);
  const { review, created } = await saveReview(viewer, await readJson(req, reviewSchema));
  return NextResponse.json(review, { status: created ? 201 : 200 });
});
