import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { deleteReview, moderateReview } from '@/lib/reviews/reviews';
import { reviewModerationSchema } from '@/lib/reviews/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** Removes a review from the site (admins only): `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await deleteReview(admin, (await params).id));
});

/** Takes a review off the site, or puts it back (admins only): `{ hidden }`, answering the review. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await moderateReview(admin, (await params).id, await readJson(req, reviewModerationSchema)));
});
