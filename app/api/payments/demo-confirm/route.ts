import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { confirmDemoPayment } from '@/lib/payments/providers/demo/confirm';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';
import { demoConfirmSchema } from '@/lib/payments/schemas';

/**
 * Charges a demo card for the caller's intent and records the payment (demo mode only):
 * `{ status, transactionId, paymentResult: { insertedId }, order }`, the order as POST /api/payments answers it.
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.demoConfirm, viewer);
  const input = await readJson(req, demoConfirmSchema);
  return NextResponse.json(await confirmDemoPayment(viewer, input));
});
