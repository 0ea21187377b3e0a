import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { getOwnReview } from '@/lib/reviews/reviews';

/** The caller's own review, or null when they have not written one. */
export const GET = route(async (req) => {
  return NextResponse.json(await getOwnReview(await requireViewer(req)));
});
