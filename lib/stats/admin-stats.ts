import 'server-only';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import { categorySalesPipeline, orderTotalsPipeline, type CategorySalesRow, type OrderTotalsRow } from './pipelines';
import type { AdminStats } from './types';

/** The figures of the admin home page and GET /api/stats, read in parallel. */
export async function getAdminStats(admin: Admin): Promise<AdminStats> {
  authorize(admin, 'admin');
  const { menu, payments, users } = await collections();
  const [[totals], categories, customers, menuItems] = await Promise.all([
    payments.aggregate<OrderTotalsRow>(orderTotalsPipeline).toArray(),
    payments.aggregate<CategorySalesRow>(categorySalesPipeline).toArray(),
    users.countDocuments({}),
    menu.countDocuments({}),
  ]);
  return {
    revenue: (totals?.revenueCents ?? 0) / 100,
    tips: (totals?.tipsCents ?? 0) / 100,
    customers,
    menuItems,
    orders: totals?.orders ?? 0,
    categories: categories.map(({ category, quantity, revenueCents }) => ({ category, quantity, revenue: revenueCents / 100 })),
  };
}
