'use client';

import { useState } from 'react';
import { formatCents } from '@/lib/menu/money';
import type { Order } from '@/lib/orders/types';
import { dinerStatusLabel } from '@/lib/orders/wording';
import { ConnectionNotice } from './connection-notice';
import { ORDER_STATUS_STYLE } from './order-status-badge';
import { useOrderStream } from './use-order-stream';

interface LiveOrderStatusProps {
  order: Pick<Order, '_id' | 'status' | 'fulfilment' | 'refundedCents'>;
  /** Where the page read the order on the server (lib/orders/feed/cursor.ts `cursorAt`). */
  since: string;
  /** The viewer's own order: the stream sends them their orders only. */
  mine: boolean;
}

/**
 * Where the order is, in the diner's words ("Ready for pickup", "On its way to table 7"), kept
 * current by the order stream; a live region, so a screen reader hears the change too.
 */
export function LiveOrderStatus({ order, since, mine }: LiveOrderStatusProps) {
  const [status, setStatus] = useState(order.status);
  const [refunded, setRefunded] = useState(order.refundedCents ?? 0);
  const { reconnecting } = useOrderStream({
    after: since,
    mine,
    onOrder: (changed) => {
      if (changed._id !== order._id) return;
      setStatus(changed.status);
      setRefunded(changed.refundedCents ?? 0);
    },
  });
  return (
    <>
      <span role="status" className={`inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${ORDER_STATUS_STYLE[status]}`}>
        {dinerStatusLabel({ status, fulfilment: order.fulfilment })}
      </span>
      {refunded ? <span className="ml-2 inline-block rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">Refunded {formatCents(refunded)}</span> : null}
      <span className="print:hidden">
        <ConnectionNotice reconnecting={reconnecting} />
      </span>
    </>
  );
}
