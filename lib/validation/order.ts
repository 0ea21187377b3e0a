import { z } from 'zod';
import { ORDER_STATUSES, ORDER_STEPS } from '@/lib/orders/status';

const statusSchema = z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` });

/** GET /api/orders: every order, or only those in `?status=`. Unknown parameters are refused. */
export const ordersQuerySchema = z.strictObject({ status: statusSchema.optional() });

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
