import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { actorOf } from '@/lib/orders/orders';
import { reprintOrder } from '@/lib/printing/tickets';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/** Staff: a copy of the order's tickets marked REPRINT, on the printers that had them: `{ queued }`. */
export const POST = route<Ctx>(async (req, { params }) => {
  const staff = await requireViewer(req, 'staff');
  await enforceRateLimit(req, LIMITS.orderChange, staff);
  return NextResponse.json(await reprintOrder(staff, (await params).id, actorOf(staff)), { status: 201 });
});
