import { NextResponse } from 'next/server';
import { readQuery, route } from '@/lib/api/http';
import { requireViewer } from '@/lib/auth/viewer';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { statsQuerySchema } from '@/lib/stats/schemas';

/** The admin home figures over `?period=today|month|all`: revenue, customers, menu items, orders and sales per category. */
export const GET = route(async (req) => {
  const admin = await requireViewer(req, 'admin');
  const { period } = readQuery(req, statsQuerySchema);
  return NextResponse.json(await getAdminStats(admin, period));
});
