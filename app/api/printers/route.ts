import { NextResponse } from 'next/server';
import { readJson, readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { createPrinter, listPrinters, originOf } from '@/lib/printing/printers';
import { noQuerySchema, printerInputSchema } from '@/lib/printing/schemas';

/** Admins: every printer, with what it last reported and the tickets waiting for it. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  readQuery(req, noQuerySchema);
  return NextResponse.json(await listPrinters(admin));
});

/** Admins: a new printer (201), with the URL to type into it: `{ printer, url }`, shown this once. */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const input = await readJson(req, printerInputSchema);
  return NextResponse.json(await createPrinter(admin, input, originOf(req)), { status: 201 });
});
