import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { recordPayment } from '@/lib/payments/record';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { paymentBodySchema } from '@/lib/payments/schemas';

/** Records the caller's paid intent: `{ paymentResult: { insertedId } }`, the same on a replay. */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.payment, viewer);
  const body = await readJson(req, paymentBodySchema);
  return NextResponse.json(await recordPayment(viewer, body));
});
