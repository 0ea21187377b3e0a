import type { Document } from 'mongodb';
import { EARNING_STATUSES } from '@/lib/orders/status';

/**
 * The aggregation pipelines behind the admin statistics, run on the `payments` collection. Only
 * stages and operators that MongoDB and the embedded engine both implement (and that
 * tests/db/stats-pipelines.test.ts checks on both) may appear here.
 *
 * Money is summed in whole cents, each amount rounded before it is added, so the totals are
 * exact whatever the floating-point sum of dollar amounts would drift to (lib/menu/money.ts).
 */

const cents = (dollars: unknown) => ({ $round: [{ $multiply: [dollars, 100] }, 0] });

const earning = (amount: unknown) => ({ $cond: [{ $in: ['$status', EARNING_STATUSES] }, amount, 0] });
const tip = { $ifNull: ['$tipCents', 0] };

/**
 * One row `{ orders, revenueCents, tipsCents }`, none when there are no orders. Revenue is the
 * food: what was paid less the tip, which is reported apart (it is the staff's, not the menu's).
 * Cancelled orders are orders but earn nothing.
 */
export const orderTotalsPipeline: Document[] = [
  {
    $group: {
      _id: null,
      orders: { $sum: 1 },
      revenueCents: { $sum: earning({ $subtract: [cents('$price'), tip] }) },
      tipsCents: { $sum: earning(tip) },
    },
  },
  { $project: { _id: 0, orders: 1, revenueCents: 1, tipsCents: 1 } },
];

/**
 * One row per menu category `{ quantity, revenueCents }`, highest revenue first, over every order
 * that was not cancelled. Orders keep their lines (dish, category, quantity and line price with
 * its options, as bought), so those count as they were sold, whatever the menu says today.
 * Payments from before lines were kept list their dishes as hex-string ids only: each counts once,
 * at the dish's current menu price, joined on `_id` after converting the string (MongoDB answers
 * that equality join from its index); a dish deleted from the menu since has no category and is
 * left out.
 */
export const categorySalesPipeline: Document[] = [
  { $match: { status: { $in: EARNING_STATUSES } } },
  {
    $project: {
      sold: {
        $cond: [
          { $isArray: '$lines' },
          { $map: { input: '$lines', as: 'line', in: { category: '$$line.category', quantity: '$$line.quantity', cents: '$$line.lineCents' } } },
          { $map: { input: '$menuItemIds', as: 'id', in: { menuId: '$$id' } } },
        ],
      },
    },
  },
  { $unwind: '$sold' },
  // $toObjectId aborts the whole pipeline on a malformed id, so only well-formed ones go on.
  { $match: { $or: [{ 'sold.category': { $type: 'string' } }, { 'sold.menuId': { $regex: '^[0-9a-fA-F]{24}$' } }] } },
  { $addFields: { menuObjectId: { $toObjectId: '$sold.menuId' } } },
  { $lookup: { from: 'menu', localField: 'menuObjectId', foreignField: '_id', as: 'dish' } },
  {
    $project: {
      category: { $ifNull: ['$sold.category', { $arrayElemAt: ['$dish.category', 0] }] },
      quantity: { $ifNull: ['$sold.quantity', 1] },
      cents: { $ifNull: ['$sold.cents', cents({ $arrayElemAt: ['$dish.price', 0] })] },
    },
  },
  { $match: { category: { $type: 'string' } } },
  { $group: { _id: '$category', quantity: { $sum: '$quantity' }, revenueCents: { $sum: '$cents' } } },
  { $sort: { revenueCents: -1, _id: 1 } },
  { $project: { _id: 0, category: '$_id', quantity: 1, revenueCents: 1 } },
];

export interface OrderTotalsRow {
  orders: number;
  revenueCents: number;
  tipsCents: number;
}

export interface CategorySalesRow {
  category: string;
  quantity: number;
  revenueCents: number;
}
