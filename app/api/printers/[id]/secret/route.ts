import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { originOf, rotatePrinterSecret } from '@/lib/printing/printers';

type Ctx = { params: Promise<{ id: string }> };

/** Admins: a new secret for the printer: the URL it had stops working now; `{ printer, url }` with the new one, shown this once. */
export const POST = route<Ctx>(async (req, { params }) => {
  const admin = await requireViewer(req, 'admin');
  return NextResponse.json(await rotatePrinterSecret(admin, (await params).id, originOf(req)));
});
