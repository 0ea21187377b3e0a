import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { refundOrder } from '@/lib/payments/refunds';
import { refundSchema } from '@/lib/payments/schemas';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/**
 * `{ amountCents, reason }` or `{ lines: [{ index, quantity }], reason }` (admins): gives that much
 * back to the card. Answers the order with its refunds; 409 past what is left, 502 when the
 * provider failed (recorded as failed, nothing refunded).
 */
export const POST = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  await enforceRateLimit(req, LIMITS.orderChange, admin);
  const input = await readJson(req, refundSchema);
  return NextResponse.json(await refundOrder(admin, (await params).id, input), { status: 201 });
});
