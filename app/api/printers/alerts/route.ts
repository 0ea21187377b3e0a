import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { printerAlerts } from '@/lib/printing/presence';
import { noQuerySchema } from '@/lib/printing/schemas';

/** Staff: `{ printers, alerts }`: how many printers there are, and each one silent too long or out of paper, during opening hours. */
export const GET = route(async (req) => {
  const staff = await requireViewer(req, 'staff');
  readQuery(req, noQuerySchema);
  return NextResponse.json(await printerAlerts(staff));
});
