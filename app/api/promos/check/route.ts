import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { checkPromo } from '@/lib/promos/promos';
import { promoCheckSchema } from '@/lib/promos/schemas';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/**
 * Diners and guests: `{ code }`, what it takes off their cart now, `{ code, discountCents, menuIds }`,
 * or a 4xx saying why it does not apply. Counts nothing: a use is counted when a payment completes.
 */
export const POST = route(async (req) => {
  const viewer = await requireViewer(req, 'guest');
  await enforceRateLimit(req, LIMITS.promoCheck, viewer);
  const { code } = await readJson(req, promoCheckSchema);
  return NextResponse.json(await checkPromo(viewer, code));
});
