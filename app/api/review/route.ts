import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { getReviews } from '@/lib/menu/queries';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { saveReview } from '@/lib/reviews/reviews';
import { reviewSchema } from '@/lib/reviews/schemas';

export const GET = route(async () => NextResponse.json(await getReviews()));

/** The caller's review: 201 when it is their first, 200 when it rewrote the one they had. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.review, viewer);
  const { review, created } = await saveReview(viewer, await readJson(req, reviewSchema));
  return NextResponse.json(review, { status: created ? 201 : 200 });
});
