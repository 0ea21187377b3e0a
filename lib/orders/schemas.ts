import { z } from 'zod';
import { ORDER_STATUSES, ORDER_STEPS } from '@/lib/orders/status';
import { dayRangeParams, dayRangeRefinement, pageParams, searchSchema } from '@/lib/pagination/schemas';
import type { OrderStatus } from '@/lib/orders/types';

const statusSchema = z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` });

const STATUS_LIST_ERROR = `status must be one or more of ${ORDER_STATUSES.join(', ')}, separated by commas`;

/** `ready`, or several at once: `pending,preparing,ready`. */
const statusListSchema = z
  .string()
  .max(100, STATUS_LIST_ERROR)
  .transform((value, ctx) => {
    const named = value.split(',');
    if (!named.every((status): status is OrderStatus => (ORDER_STATUSES as string[]).includes(status))) {
      ctx.addIssue({ code: 'custom', message: STATUS_LIST_ERROR });
      return z.NEVER;
    }
    return [...new Set(named)];
  });

export const FULFILMENT_KINDS = ['pickup', 'table'] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

/**
 * GET /api/orders, newest first, a page at a time: `?status=` keeps one status or several (the
 * kitchen asks for its three), `?fulfilment=pickup|table`, `?from=` and `?to=` (days of the
 * restaurant's calendar, both included), `?search=` an order number or the start of a name or an
 * email. Unknown parameters are refused.
 */
export const ordersQuerySchema = z
  .strictObject({
    status: statusListSchema.optional(),
    fulfilment: z.enum(FULFILMENT_KINDS, { error: 'fulfilment must be pickup or table' }).optional(),
    ...dayRangeParams,
    search: searchSchema,
    ...pageParams,
  })
  .refine(...dayRangeRefinement);

export type OrdersQuery = z.infer<typeof ordersQuerySchema>;
/** The filters of GET /api/orders without the page. */
export type OrderFilters = Omit<OrdersQuery, 'limit' | 'cursor'>;

/**
 * An event id of GET /api/orders/stream (lib/orders/feed/cursor.ts): `<ms>.<order id>`, or `<ms>`
 * alone. Sent back as Last-Event-ID by a reconnecting EventSource, or as `?after=` by a page that
 * read the orders on the server at that time.
 */
export const eventIdSchema = z.string().regex(/^\d{1,15}(\.[0-9a-f]{24})?$/, 'must be an event id this stream sent');

/**
 * GET /api/orders/stream: `?mine=1` keeps staff and admins to their own orders too (their payment
 * history); `?kitchen=1` says the stream feeds a kitchen display (lib/orders/kitchen-presence.ts).
 */
export const orderStreamQuerySchema = z.strictObject({
  after: eventIdSchema.optional(),
  mine: z.literal('1', { error: 'mine must be 1' }).optional(),
  kitchen: z.literal('1', { error: 'kitchen must be 1' }).optional(),
});

/**
 * PATCH /api/orders/{id}: the status to move to (an order never goes back to pending), and
 * optionally the status the caller saw, so a change decided on a status that has moved on
 * meanwhile is refused rather than applied to an order the caller has not seen.
 */
export const orderStepSchema = z.object({
  status: z.enum(ORDER_STEPS, { error: `status must be one of ${ORDER_STEPS.join(', ')}` }),
  from: statusSchema.optional(),
});

export type OrderStepInput = z.infer<typeof orderStepSchema>;
