import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { getOwnReview } from '@/lib/reviews/reviews';

/** The caller's own review, or null when they have not written one. */
export const GET = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json(await getOwnReview(user.email));
});
