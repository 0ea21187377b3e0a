import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { intentBodySchema } from '@/lib/validation/payment';
import { requireUser } from '@/lib/auth/session';
import { startCheckout } from '@/lib/payments/checkout';

/**
 * Opens (or resumes) a payment intent for the caller's cart: `{ clientSecret, transactionId, price }`.
 * The body's `price` (spec §7) is validated but not trusted: the server prices the cart itself.
 */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  await enforceRateLimit(req, LIMITS.paymentIntent, user);
  await readJson(req, intentBodySchema);
  return NextResponse.json(await startCheckout(user));
});
