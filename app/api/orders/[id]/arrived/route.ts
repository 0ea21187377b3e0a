import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { sayArrived } from '@/lib/orders/arrival';
import { arrivalSchema } from '@/lib/notify/schemas';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

type Ctx = { params: Promise<{ id: string }> };

/** "I'm here", `{ note? }`: the caller's own pickup order, shown on the kitchen display at once; answers the order. */
export const POST = route<Ctx>(async (req, { params }) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.account, viewer);
  const input = await readJson(req, arrivalSchema);
  return NextResponse.json(await sayArrived(viewer, (await params).id, input));
});
