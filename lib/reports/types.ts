/** A sales report as GET /api/reports/sales answers it and /dashboard/reports shows it (client-safe). Money in integer cents. */
import type { TaxTotal } from '@/lib/tax/tax';

export interface Takings {
  orders: number;
  /** What those orders were charged, less their tips. */
  salesCents: number;
}

export interface SalesReport {
  /** The days covered, both included, on the restaurant's calendar, in its time zone. */
  from: string;
  to: string;
  timeZone: string;
  /** Orders paid in the period, in any status; `cancelled` of them cancelled since. */
  orders: number;
  cancelled: number;
  /** What those orders were charged less their tips: the food, after any discount, and its tax when added on top. */
  grossSalesCents: number;
  tipsCents: number;
  /** Given back in the period, whichever day its order was paid: a cancellation's refund, the tip with it, included. */
  refundsCents: number;
  /** What promo codes took off the food of the orders paid in the period, before tax. */
  discountsCents: number;
  /** Gross sales and tips, less refunds: what the restaurant keeps. */
  netCents: number;
  /** Tax charged per rate, as charged (the rate's name and percent then), highest first. */
  tax: TaxTotal[];
  /** Each hour of the day (0 to 23, the restaurant's clock) that had a sale, in order. */
  hours: ({ hour: number } & Takings)[];
  /** Dishes as bought, highest sales first. */
  dishes: { menuId: string; name: string; quantity: number; salesCents: number }[];
  categories: { category: string; quantity: number; salesCents: number }[];
  /** Orders for pickup against orders at a table (orders from before either was asked are in neither). */
  fulfilment: { pickup: Takings; table: Takings };
}
