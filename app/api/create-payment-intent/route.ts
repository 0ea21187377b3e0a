import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { intentBodySchema } from '@/lib/validation/payment';
import { requireViewer } from '@/lib/auth/viewer';
import { startCheckout } from '@/lib/payments/checkout';

/**
 * Opens (or resumes) a payment intent for the caller's cart: `{ clientSecret, transactionId, price }`.
 * The body's `price` is validated but not trusted: the server prices the cart itself.
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.paymentIntent, viewer);
  await readJson(req, intentBodySchema);
  return NextResponse.json(await startCheckout(viewer));
});
