import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { deleteReview } from '@/lib/reviews/reviews';

type Ctx = { params: Promise<{ id: string }> };

/** Removes a review from the site (admins only): `{ deletedCount }`. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await deleteReview(admin, (await params).id));
});
