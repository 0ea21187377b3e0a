import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { tellRunningLate } from '@/lib/orders/late';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/** Staff: tells the diner the order runs late, once, with the new time from Settings; answers the order. */
export const POST = route<Ctx>(async (req, { params }) => {
  const staff = await requireViewer(req, 'staff');
  await enforceRateLimit(req, LIMITS.orderChange, staff);
  return NextResponse.json(await tellRunningLate(staff, (await params).id));
});
