import 'server-only';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { getDb } from '@/lib/db';
import { getSettings } from '@/lib/settings/store';
import { readPeriod } from '@/lib/stats/rollups';
import type { DayRange } from './periods';
import type { SalesReport } from './types';

const takings = ({ orders, revenueCents }: { orders: number; revenueCents: number }) => ({ orders, salesCents: revenueCents });

/**
 * The sales of a range of days, read from the daily rollups (one small document per day, so a
 * month is some thirty reads whatever the number of orders): never a scan of the orders.
 */
export async function getSalesReport(admin: Admin, range: DayRange): Promise<SalesReport> {
  authorize(admin, 'admin');
  const [{ schedule }, figures] = await Promise.all([getSettings(), readPeriod(await getDb(), range)]);
  return {
    ...range,
    timeZone: schedule.timeZone,
    orders: figures.orders,
    cancelled: figures.cancelled,
    grossSalesCents: figures.revenueCents,
    tipsCents: figures.tipsCents,
    refundsCents: figures.refundsCents,
    discountsCents: figures.discountsCents,
    netCents: figures.revenueCents + figures.tipsCents - figures.refundsCents,
    tax: figures.tax,
    hours: figures.hours.map(({ hour, ...taken }) => ({ hour, ...takings(taken) })),
    dishes: figures.dishes.map(({ menuId, name, quantity, revenueCents }) => ({ menuId, name, quantity, salesCents: revenueCents })),
    categories: figures.categories.map(({ category, quantity, revenueCents }) => ({ category, quantity, salesCents: revenueCents })),
    fulfilment: { pickup: takings(figures.fulfilment.pickup), table: takings(figures.fulfilment.table) },
  };
}

