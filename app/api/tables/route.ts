import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { setTableCount } from '@/lib/settings/store';
import { tableCount } from '@/lib/tables/settings';
import { tableCountSchema } from '@/lib/tables/schemas';

/** `{ count }`: how many tables the restaurant has (public: the QR codes say as much). */
export const GET = route(async () => NextResponse.json({ count: await tableCount() }));

/** `{ count }` (admins): sets the number of tables; answers `{ count }`. */
export const PUT = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const { count } = await readJson(req, tableCountSchema);
  return NextResponse.json(await setTableCount(admin, count));
});
