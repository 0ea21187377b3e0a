import 'server-only';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections, getDb } from '@/lib/db';
import { clockNow } from '@/lib/settings/clock';
import { getSettings } from '@/lib/settings/store';
import { zonedClock } from '@/lib/settings/schedule';
import { readPeriod } from './rollups';
import type { StatsPeriod } from './schemas';
import type { AdminStats } from './types';

/** The days of a period, on the restaurant's calendar; all time has no bounds. */
function daysOf(period: StatsPeriod, now: Date, timeZone: string): { from?: string; to?: string } {
  const today = zonedClock(now, timeZone).today;
  if (period === 'today') return { from: today, to: today };
  if (period === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return {};
}

/**
 * The figures of the admin home page and GET /api/stats over a period, from the daily rollups
 * (one small document per day) and two counts, read in parallel: none of it reads the orders.
 */
export async function getAdminStats(admin: Admin, period: StatsPeriod = 'all', now = clockNow()): Promise<AdminStats> {
  authorize(admin, 'admin');
  const [{ menu, users }, { schedule }] = await Promise.all([collections(), getSettings()]);
  const [figures, customers, menuItems] = await Promise.all([readPeriod(await getDb(), daysOf(period, now, schedule.timeZone)), users.countDocuments({}), menu.countDocuments({})]);
  return {
    period,
    revenue: figures.revenueCents / 100,
    tips: figures.tipsCents / 100,
    refunds: figures.refundsCents / 100,
    net: (figures.revenueCents + figures.tipsCents - figures.refundsCents) / 100,
    customers,
    menuItems,
    orders: figures.orders,
    cancelled: figures.cancelled,
    categories: figures.categories.map(({ category, quantity, revenueCents }) => ({ category, quantity, revenue: revenueCents / 100 })),
  };
}
