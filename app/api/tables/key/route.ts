import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { rotateTableKey } from '@/lib/tables/tokens';

/** (admins) A new key for the tables' QR codes: every code printed so far stops working. Answers `{ rotatedAt }`. */
export const POST = route(async (req) => NextResponse.json(await rotateTableKey(await requireViewer(req, 'admin'))));
