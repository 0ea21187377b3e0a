import { NextResponse } from 'next/server';
import { route } from '@/lib/api/http';
import { getAdminStats } from '@/lib/stats/admin-stats';
import { requireAdmin } from '@/lib/users/users';

/** The admin home figures: revenue, customers, menu items, orders and sales per category. */
export const GET = route(async (req) => {
  await requireAdmin(req);
  return NextResponse.json(await getAdminStats());
});
