import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { registerPush, unregisterPush } from '@/lib/notify/push/subscriptions';
import { pushRegistrationSchema, pushRemovalSchema } from '@/lib/notify/schemas';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/** `{ subscription, orderId }` (this device, about one of the caller's orders) or `{ subscription, staff: true }` (staff: every new order). */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.account, viewer);
  return NextResponse.json(await registerPush(viewer, await readJson(req, pushRegistrationSchema)), { status: 201 });
});

/** `{ endpoint }`: this device is told nothing more. */
export const DELETE = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  const { endpoint } = await readJson(req, pushRemovalSchema);
  return NextResponse.json(await unregisterPush(viewer, endpoint));
});
