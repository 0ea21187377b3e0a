import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { assertTextsPossible, keepCheckoutTexts } from '@/lib/notify/consent';
import { startCheckout } from '@/lib/payments/open';
import { LIMITS, clientAddress, enforceRateLimit } from '@/lib/rate-limit';
import { intentBodySchema } from '@/lib/payments/schemas';
import { clockNow } from '@/lib/settings/clock';
import { restaurantClockAt } from '@/lib/settings/store';

/**
 * Opens (or resumes) a payment intent for the caller's cart, `{ fulfilment, tip? }`: answers
 * `{ clientSecret, transactionId, price, subtotal, tip, fulfilment }`. A `price`, amount or tip in
 * cents the client sends is not trusted: the server prices the cart and the tip itself. `texts`
 * (`{ phone, consent: true }`) is kept as the diner's consent to be texted about the order.
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.paymentIntent, viewer);
  const now = clockNow();
  const { texts, ...input } = await readJson(req, intentBodySchema(await restaurantClockAt(now)));
  await assertTextsPossible(texts);
  const intent = await startCheckout(viewer, input, now);
  await keepCheckoutTexts(viewer, intent.transactionId, texts, clientAddress(req));
  return NextResponse.json(intent);
});
