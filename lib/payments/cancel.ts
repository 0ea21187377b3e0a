import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { randomBytes } from 'node:crypto';
import { HttpError } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import { authorize, type Staff } from '@/lib/auth/viewer';
import type { RefundDoc } from '@/lib/db/documents';
import { actorOf, changeOrderStatus } from '@/lib/orders/orders';
import { NEXT_STEPS, stepsFor } from '@/lib/orders/status';
import type { Order, OrderStatus } from '@/lib/orders/types';
import { PaymentError } from './provider';
import { leftCents } from './refund-pricing';
import { CANCELLED, leaseFrom, orderById, sendRefund } from './refunds';

/**
 * PATCH /api/orders/{id} to cancelled: staff may cancel an order the kitchen has not started,
 * admins one it has. The status and the refund of what is left of the payment are ONE conditional
 * write: the order turns cancelled only with its refund reserved (pending), priced from the
 * refunds as read, so an admin's refund reserved at the same moment makes the write go again with
 * what is left then, and everything paid goes back once. A process that stops after the write
 * leaves a pending refund that a retry takes over (lib/payments/refunds.ts), never a cancelled
 * order with nothing to retry. The refund is then sent, before the diner's message is written, so
 * it says what was refunded; a refund that fails leaves the order cancelled with the refund
 * failed, for an admin to retry.
 */
export async function cancelOrder(staff: Staff, id: string, from?: OrderStatus): Promise<Order> {
  authorize(staff, 'staff');
  const seen = from ?? (await orderById(id)).status;
  if (NEXT_STEPS[seen].includes('cancelled') && !stepsFor(seen, hasRole(staff.role, 'admin')).includes('cancelled')) {
    throw new HttpError(403, 'Only an admin may cancel an order the kitchen has started.');
  }
  const by = actorOf(staff);
  // The refund the write that succeeded reserved, if any.
  let reserved: string | undefined;
  return changeOrderStatus(
    staff,
    id,
    { status: 'cancelled', from: seen },
    {
      alongside(order) {
        const cents = leftCents(order);
        reserved = undefined;
        if (cents <= 0) return null;
        const at = clockNow();
        const refund: RefundDoc = { id: randomBytes(8).toString('hex'), cents, reason: CANCELLED, at, status: 'pending', by, attempts: 0, leaseUntil: leaseFrom(at) };
        reserved = refund.id;
        return {
          // The refunds as read: one reserved meanwhile changes what is left.
          filter: { refundedCents: order.refundedCents ?? { $exists: false } },
          $inc: { refundedCents: cents },
          $push: { refunds: refund },
        };
      },
      async settle(written) {
        const k = (written.refunds ?? []).findIndex((r) => r.id === reserved);
        if (k < 0) return written;
        return sendRefund(written, k, false).catch(async (err: unknown) => {
          if (!(err instanceof PaymentError)) throw err;
          return orderById(id);
        });
      },
    },
  );
}
