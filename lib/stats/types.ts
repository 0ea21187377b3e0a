import type { StatsPeriod } from './schemas';

/** The admin statistics as GET /api/stats answers them (no server imports: client-safe). */

export interface CategorySales {
  category: string;
  /** Dishes sold in this category in the period, over every order that was not cancelled. */
  quantity: number;
  /** Those dishes as bought, in dollars, exact to the cent. */
  revenue: number;
}

export interface AdminStats {
  /** The days the figures cover: today, this month, or all time (the restaurant's calendar, by the day each order was paid). */
  period: StatsPeriod;
  /** What diners paid for the food of orders that were not cancelled, in dollars: tips left out. */
  revenue: number;
  /** Tips on those orders, in dollars. */
  tips: number;
  /** Users with a record, admins included (whatever the period). */
  customers: number;
  /** Whatever the period. */
  menuItems: number;
  /** Paid orders in any status, cancelled included. */
  orders: number;
  /** Of those, the cancelled ones. */
  cancelled: number;
  /** Highest revenue first; empty when nothing has been sold. */
  categories: CategorySales[];
}
