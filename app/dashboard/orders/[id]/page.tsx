import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { PageHeading } from '@/components/dashboard/page-heading';
import { Receipt } from '@/components/orders/receipt';
import { RefundPanel } from '@/components/orders/refund-panel';
import { ImHere } from '@/components/notify/im-here';
import { PushButton } from '@/components/notify/push-button';
import { pushOffer } from '@/lib/notify/offer';
import { HttpError } from '@/lib/api/http';
import { hasRole } from '@/lib/auth/roles';
import type { Shopper } from '@/lib/auth/viewer';
import { requirePage } from '@/lib/dashboard/guard';
import { cursorAt } from '@/lib/orders/feed/cursor';
import { getOrder } from '@/lib/orders/orders';
import type { Order } from '@/lib/orders/types';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Receipt' };

/** The data layer's refusals as the page's own answers: another diner's order is 403, an unknown one 404. */
async function orderFor(viewer: Shopper, id: string): Promise<Order> {
  try {
    return await getOrder(viewer, id);
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) forbidden();
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
}

export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePage('/dashboard/orders/[id]');
  // Taken before the read: what the kitchen changes from here on reaches the page through the stream.
  const since = cursorAt();
  const [order, { restaurant, schedule }] = await Promise.all([orderFor(viewer, (await params).id), getSettings()]);
  // Only an admin opens other people's receipts; a guest's receipt goes to the address they gave, not their account's.
  const own = !hasRole(viewer.role, 'admin') || order.email === viewer.email;
  const open = order.status !== 'completed' && order.status !== 'cancelled';
  const push = own && open && order.status !== 'ready' ? pushOffer() : null;
  return (
    <>
      <div className="print:hidden">
        <PageHeading title="Receipt" subtitle="Thank you" />
      </div>
      <Receipt order={order} since={since} mine={own} restaurant={restaurant} timeZone={schedule.timeZone} />
      {own && open && (push || order.fulfilment?.kind === 'pickup') ? (
        <div className="mx-auto mt-6 max-w-2xl space-y-4 print:hidden">
          {push ? <PushButton publicKey={push.publicKey} orderId={order._id} label="Tell me on this device when it is ready" /> : null}
          {order.fulfilment?.kind === 'pickup' ? <ImHere orderId={order._id} arrived={order.arrived} /> : null}
        </div>
      ) : null}
      {viewer.role === 'admin' ? <RefundPanel order={order} /> : null}
    </>
  );
}
