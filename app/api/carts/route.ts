import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { addToCart, listCart } from '@/lib/cart/cart';
import { assertOwnEmail } from '@/lib/users/users';
import { addToCartSchema, cartQuerySchema } from '@/lib/validation/cart';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/** Adds a menu item to the caller's cart: `{ insertedId }`. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  await enforceRateLimit(req, LIMITS.addToCart, user);
  const { menuId } = await readJson(req, addToCartSchema);
  return NextResponse.json(await addToCart(user, menuId), { status: 201 });
});

/** The caller's cart; `email` must be the caller's own (spec §7 names it in the query). */
export const GET = route(async (req) => {
  const user = await requireUser(req);
  const { email } = readQuery(req, cartQuerySchema);
  assertOwnEmail(user, email);
  return NextResponse.json(await listCart(user.email));
});
