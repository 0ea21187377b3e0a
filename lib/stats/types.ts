import type { StatsPeriod } from './schemas';

/** The admin statistics as GET /api/stats answers them (no server imports: client-safe). */

export interface CategorySales {
  category: string;
  /** Dishes sold in this category in the period, as paid for (a refund does not take them back out). */
  quantity: number;
  /** Those dishes as bought, in dollars, exact to the cent. */
  revenue: number;
}

export interface AdminStats {
  /** The days the figures cover: today, this month, or all time (the restaurant's calendar, by the day each order was paid). */
  period: StatsPeriod;
  /** What diners were charged for the food of the orders paid in the period (and its tax when added on top), in dollars: tips left out, refunds not taken off. */
  revenue: number;
  /** Tips on those orders, in dollars. */
  tips: number;
  /** Money given back in the period (a cancellation's refund included), whichever day its order was paid, in dollars. */
  refunds: number;
  /** What the restaurant keeps: revenue and tips, less refunds, in dollars. */
  net: number;
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
