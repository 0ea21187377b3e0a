import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { addToCart, listCart } from '@/lib/cart/cart';
import { addToCartSchema, cartQuerySchema } from '@/lib/cart/schemas';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/**
 * Adds a dish as the caller chose it: `{ insertedId, quantity, merged }`, 201 for a new line, 200
 * when it joined an identical one (`insertedId` is then that line's id).
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.addToCart, viewer);
  const added = await addToCart(viewer, await readJson(req, addToCartSchema));
  return NextResponse.json(added, { status: added.merged ? 200 : 201 });
});

/** The caller's cart; the `email` the query names must be the caller's own. */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  const { email } = readQuery(req, cartQuerySchema);
  return NextResponse.json(await listCart(viewer, email));
});
