import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { noQuerySchema, printSetupBodySchema } from '@/lib/printing/schemas';
import { printSetupFor, savePrintSetup } from '@/lib/printing/setup';

/** Admins: `{ version, stations, silentMinutes }`: where dishes are made, and when a silent printer is an alert. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  readQuery(req, noQuerySchema);
  return NextResponse.json(await printSetupFor(admin));
});

/** Admins: saves them when nobody saved since `version` (409 otherwise, or when a printer still serves a station taken away). */
export const PUT = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await savePrintSetup(admin, await readJson(req, printSetupBodySchema)));
});
