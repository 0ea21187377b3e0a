import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { clockNow } from '@/lib/settings/clock';
import { settingsBodySchema } from '@/lib/settings/schemas';
import { saveSettings, settingsForAdmin } from '@/lib/settings/store';

/** `{ version, settings }` (admins): the restaurant's settings, and the version a save names. */
export const GET = route(async (req) => NextResponse.json(await settingsForAdmin(await requireViewer(req, 'admin'))));

/**
 * `{ version, settings }` (admins): saves them when nobody has saved since `version`, answering
 * the new `{ version, settings }`; a stale version changes nothing and answers 409 with
 * `{ error, version, settings }` as they are now.
 */
export const PUT = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const body = await readJson(req, settingsBodySchema(clockNow()));
  const { saved, current } = await saveSettings(admin, body);
  if (saved) return NextResponse.json(current);
  return NextResponse.json({ error: 'Someone else saved the settings while you were editing. Their settings are shown; save again to replace them.', ...current }, { status: 409 });
});
