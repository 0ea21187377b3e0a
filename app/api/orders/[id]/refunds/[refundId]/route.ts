import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { retryRefund } from '@/lib/payments/refunds';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string; refundId: string }> };

/** Sends a failed refund again (admins): answers the order; 409 when it is not a failed one. */
export const POST = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  await enforceRateLimit(req, LIMITS.orderChange, admin);
  const { id, refundId } = await params;
  return NextResponse.json(await retryRefund(admin, id, refundId));
});
