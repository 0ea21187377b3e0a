import type { Document } from 'mongodb';
import { EARNING_STATUSES, ORDER_STATUSES } from '@/lib/orders/status';

/**
 * The aggregation pipelines behind the admin statistics, run on the `payments` collection. Only
 * stages and operators that MongoDB and the embedded engine both implement (and that
 * tests/db/stats-pipelines.test.ts checks on both) may appear here.
 *
 * Money is summed in whole cents, each amount rounded before it is added, so the totals are
 * exact whatever the floating-point sum of dollar amounts would drift to (lib/menu/money.ts).
 */

const cents = (dollars: string) => ({ $round: [{ $multiply: [dollars, 100] }, 0] });

/** One row `{ orders, revenueCents }`, none when there are no orders. Cancelled orders are
 * orders but earn nothing; unpaid checkout intents are neither. */
export const orderTotalsPipeline: Document[] = [
  { $match: { status: { $in: ORDER_STATUSES } } },
  {
    $group: {
      _id: null,
      orders: { $sum: 1 },
      revenueCents: { $sum: { $cond: [{ $in: ['$status', EARNING_STATUSES] }, cents('$price'), 0] } },
    },
  },
  { $project: { _id: 0, orders: 1, revenueCents: 1 } },
];

/**
 * One row per menu category `{ category, quantity, revenueCents }`, highest revenue first: each
 * dish of each order that was not cancelled counts once, at that dish's menu price. Payments keep
 * the dishes as hex strings while menu ids are ObjectIds, so each string is converted before the
 * join (an equality join on `_id`, which MongoDB answers from its index). Dishes deleted from the
 * menu since have no category and are left out.
 */
export const categorySalesPipeline: Document[] = [
  { $match: { status: { $in: EARNING_STATUSES } } },
  { $unwind: '$menuItemIds' },
  // $toObjectId aborts the whole pipeline on a malformed id, so only well-formed ones go on.
  { $match: { menuItemIds: { $regex: '^[0-9a-fA-F]{24}$' } } },
  { $addFields: { menuObjectId: { $toObjectId: '$menuItemIds' } } },
  { $lookup: { from: 'menu', localField: 'menuObjectId', foreignField: '_id', as: 'dish' } },
  { $unwind: '$dish' },
  { $group: { _id: '$dish.category', quantity: { $sum: 1 }, revenueCents: { $sum: cents('$dish.price') } } },
  { $sort: { revenueCents: -1, _id: 1 } },
  { $project: { _id: 0, category: '$_id', quantity: 1, revenueCents: 1 } },
];

export interface OrderTotalsRow {
  orders: number;
  revenueCents: number;
}

export interface CategorySalesRow {
  category: string;
  quantity: number;
  revenueCents: number;
}
