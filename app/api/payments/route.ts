import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireUser } from '@/lib/auth/session';
import { recordPayment } from '@/lib/payments/checkout';
import { paymentBodySchema } from '@/lib/validation/payment';

/** Records the caller's paid intent: `{ paymentResult: { insertedId } }`, the same on a replay. */
export const POST = route(async (req) => {
  const user = await requireUser(req);
  const body = await readJson(req, paymentBodySchema);
  return NextResponse.json(await recordPayment(user, body));
});
