import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { orderAgain } from '@/lib/cart/order-again';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/** Order again: the caller's past order into their cart at today's prices, `{ added, left }` (what was left out, and why). */
export const POST = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.addToCart, viewer);
  return NextResponse.json(await orderAgain(viewer, (await params).id));
});
