import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { deleteReview } from '@/lib/reviews/reviews';
import { requireAdmin } from '@/lib/users/users';

type Ctx = { params: Promise<{ id: string }> };

/** Removes a review from the site (admins only): `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  await requireAdmin(req);
  return NextResponse.json(await deleteReview((await params).id));
});
