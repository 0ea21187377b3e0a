import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { setTextPreferences, textPreferences } from '@/lib/notify/consent';
import { accountTextsSchema, textsQuerySchema } from '@/lib/notify/schemas';
import { LIMITS, clientAddress, enforceRateLimit } from '@/lib/rate-limit';

/** The caller's number and whether they are texted about their orders: `{ phone, texts, stopped }`. */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req);
  readQuery(req, textsQuerySchema);
  return NextResponse.json(await textPreferences(viewer));
});

/** `{ phone, texts }`: ticking texts is consent, kept with its wording, time and address; `phone: null` forgets the number. */
export const PUT = route(async (req) => {
  const viewer = await requireViewer(req);
  await enforceRateLimit(req, LIMITS.account, viewer);
  return NextResponse.json(await setTextPreferences(viewer, await readJson(req, accountTextsSchema), clientAddress(req)));
});
