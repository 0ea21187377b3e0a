import { NextResponse } from 'next/server';
import { HttpError, readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { objectIdSchema } from '@/lib/db/object-id';
import { updatePromo } from '@/lib/promos/promos';
import { promoUpdateSchema } from '@/lib/promos/schemas';

type Ctx = { params: Promise<{ id: string }> };

/** Admins: a code's new terms, with `updatedAt` as they last saw it (409 when someone changed it since). Answers the code. */
export const PATCH = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  const { id } = await params;
  if (!objectIdSchema.safeParse(id).success) throw new HttpError(400, 'Malformed promo code id.');
  return NextResponse.json(await updatePromo(admin, id, await readJson(req, promoUpdateSchema)));
});
