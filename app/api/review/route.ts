import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { getReviews } from '@/lib/menu/queries';
import { saveReview } from '@/lib/reviews/reviews';
import { reviewSchema } from '@/lib/validation/review';

export const GET = route(async () => NextResponse.json(await getReviews()));

/** The caller's review: 201 when it is their first, 200 when it rewrote the one they had. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  const { review, created } = await saveReview(user, await readJson(req, reviewSchema));
  return NextResponse.json(review, { status: created ? 201 : 200 });
});
