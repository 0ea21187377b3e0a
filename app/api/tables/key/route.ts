import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { tableKeySchema } from '@/lib/tables/schemas';
import { rotateTableKey } from '@/lib/tables/tokens';

/**
 * (admins) New QR codes for the tables, working for `{ days }` (1 to 365; 30 when the body is left
 * out): every code printed so far stops working. Answers `{ rotatedAt, validUntil }`.
 */
export const POST = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const { days } = req.headers.get('content-type') ? await readJson(req, tableKeySchema) : {};
  return NextResponse.json(await rotateTableKey(admin, days));
});
