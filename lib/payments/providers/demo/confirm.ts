import 'server-only';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { paymentMode } from '../../mode';
import { ownIntent, settleOwn } from '../../record';
import type { DemoConfirmInput } from '../../schemas';
import type { DemoConfirmation } from '../../types';
import { confirmDemoCard } from './adapter';

/**
 * POST /api/payments/demo-confirm: what Stripe.js and the payment page's save do together for a
 * Stripe card, for the demo card. The card is confirmed with the demo provider (authorized, or
 * declined with nothing held), then the payment is settled exactly as any other (settle.ts) and
 * its order answered. Off unless this deployment runs on the demo card.
 */
export async function confirmDemoPayment(viewer: Shopper, input: DemoConfirmInput): Promise<DemoConfirmation> {
  authorize(viewer, 'guest');
  if (paymentMode() !== 'demo') throw new HttpError(404, 'Demo payments are off: this site takes cards through Stripe.');
  const record = await ownIntent(viewer, input.transactionId);
  // A voided or paid intent takes no card: settling it answers why, or its order.
  if (!record.voided && record.status === 'open') await confirmDemoCard(record.transactionId, input.number);
  return { status: 'succeeded', transactionId: record.transactionId, ...(await settleOwn(record)) };
}
