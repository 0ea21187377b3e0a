import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { getAdminStats } from '@/lib/stats/admin-stats';

/** The admin home figures: revenue, customers, menu items, orders and sales per category. */
export const GET = route(async (req) => {
  return NextResponse.json(await getAdminStats(await requireViewer(req, 'admin')));
});
