import type { OrderStatus } from './types';

/**
 * Which way an order may move, written once: the server enforces it and the Manage orders page
 * offers exactly these steps. Browser-safe (no server imports).
 *
 *   pending ──▶ preparing ──▶ ready ──▶ completed
 *      └────────────┴──▶ cancelled
 *
 * A ready order cannot be cancelled: the food is made and the charge stands, so the order ends
 * as completed once it is handed over. Completed and cancelled are final.
 */

/** Statuses an admin may move an order to; every order starts as pending when it is paid. */
export const ORDER_STEPS = ['preparing', 'ready', 'completed', 'cancelled'] as const satisfies readonly OrderStatus[];
export type OrderStep = (typeof ORDER_STEPS)[number];

/** Keyed by every status, so a status added to OrderStatus cannot be forgotten here. */
export const NEXT_STEPS: Record<OrderStatus, readonly OrderStep[]> = {
  pending: ['preparing', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed'],
  completed: [],
  cancelled: [],
};

/** Every status, in the order an order goes through them. */
export const ORDER_STATUSES = Object.keys(NEXT_STEPS) as OrderStatus[];

/** Orders the kitchen still has to make or hand over: the columns of the kitchen display. */
export const OPEN_STATUSES = ['pending', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];

/** The one step forward the kitchen takes from each open status (cancelling is Manage orders' job). */
export const KITCHEN_STEP = { pending: 'preparing', preparing: 'ready', ready: 'completed' } as const satisfies Record<
  (typeof OPEN_STATUSES)[number],
  OrderStep
>;

/**
 * Whether an order in status `seen` has since moved to `now`. Orders only move forward (cancelled
 * comes from pending or preparing, after both), so of two reports of one order, the later status
 * is the newer one whatever order they arrived in.
 */
export function isLaterStatus(now: OrderStatus, seen: OrderStatus): boolean {
  return ORDER_STATUSES.indexOf(now) > ORDER_STATUSES.indexOf(seen);
}

/** Statuses whose money the restaurant keeps: everything but cancelled. */
export const EARNING_STATUSES = ['pending', 'preparing', 'ready', 'completed'] as const satisfies readonly OrderStatus[];

/**
 * The steps a person may offer from `status`: cancelling gives the money back, so once the kitchen
 * has started an order, that is an admin's decision; staff cancel only pending orders.
 */
export function stepsFor(status: OrderStatus, isAdmin: boolean): readonly OrderStep[] {
  return NEXT_STEPS[status].filter((step) => step !== 'cancelled' || status === 'pending' || isAdmin);
}

/** Why an order in status `from` cannot move to `to`, or null when it can. */
export function transitionRefusal(from: OrderStatus, to: OrderStep): string | null {
  if (NEXT_STEPS[from].includes(to)) return null;
  if (from === to) return `This order is already ${to}.`;
  if (from === 'ready' && to === 'cancelled') {
    return 'A ready order can no longer be cancelled: the food is made. Complete it once it is handed over.';
  }
  const next = NEXT_STEPS[from];
  if (!next.length) return `This order is ${from}, so its status cannot change any more.`;
  return `A ${from} order cannot be marked ${to}; it can only be marked ${next.join(' or ')}.`;
}
