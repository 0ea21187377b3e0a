import { NextResponse } from 'next/server';
import { HttpError, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { removeFromCart } from '@/lib/cart/cart';
import { objectIdSchema } from '@/lib/db/object-id';

type Ctx = { params: Promise<{ id: string }> };

/** Deletes one of the caller's cart lines: `{ deletedCount }`; 404 when it is not theirs. */
export const DELETE = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  const { id } = await params;
  if (!objectIdSchema.safeParse(id).success) throw new HttpError(400, 'Malformed cart item id.');
  return NextResponse.json(await removeFromCart(viewer, id));
});
