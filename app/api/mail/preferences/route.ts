import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { mailPreferences, setMailPreferences } from '@/lib/mail/preferences';
import { mailPreferencesSchema, preferencesQuerySchema } from '@/lib/mail/schemas';

/** The caller's email choices: `{ ready }`. */
export const GET = route(async (req) => {
  const viewer = await requireViewer(req);
  readQuery(req, preferencesQuerySchema);
  return NextResponse.json(await mailPreferences(viewer));
});

/** `{ ready }`: whether "your order is ready" emails go out; receipts and refund notices always do. */
export const PUT = route(async (req) => {
  const viewer = await requireViewer(req);
  return NextResponse.json(await setMailPreferences(viewer, await readJson(req, mailPreferencesSchema)));
});
