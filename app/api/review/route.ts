import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { pageResponse } from '@/lib/pagination/page';
import { requireViewer, viewerOf } from '@/lib/auth/viewer';
import { getReviews } from '@/lib/menu/queries';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { saveReview } from '@/lib/reviews/reviews';
import { reviewSchema, reviewsQuerySchema } from '@/lib/reviews/schemas';

/** A page of the reviews on the site, newest first, for anybody (hidden ones too for admins, by `?status=`); the next page is in `Link`. */
export const GET = route(async (req) => {
  const query = readQuery(req, reviewsQuerySchema);
  // Only a list of hidden reviews needs to know who asks: the public one is the same for everybody.
  const viewer = query.status && query.status !== 'published' ? await viewerOf(req) : null;
  return pageResponse(req, await getReviews(query, viewer));
});

/** The caller's review: 201 when it is their first, 200 when it rewrote the one they had. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.review, viewer);
  const { review, created } = await saveReview(viewer, await readJson(req, reviewSchema));
  return NextResponse.json(review, { status: created ? 201 : 200 });
});
