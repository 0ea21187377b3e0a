'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { refreshCarts } from '@/components/session/refresh-carts';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { OrderedAgain } from '@/lib/cart/types';

/**
 * Order again: the order's dishes into the cart at today's prices, then the cart. What the menu
 * no longer takes is named first, so the diner knows why it is missing.
 */
export function OrderAgainButton({ orderId, label }: { orderId: string; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function orderAgain() {
    setBusy(true);
    try {
      const { added, left } = await api<OrderedAgain>(`/api/orders/${orderId}/again`, { method: 'POST' });
      await refreshCarts();
      if (left.length) {
        const title = added.length ? 'Some dishes were left out' : 'Nothing could be added';
        await notify.error(left.map((line) => line.reason).join(' '), title);
      }
      if (added.length) router.push('/dashboard/cart');
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'Please try again.', 'Could not order again');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void orderAgain()}
      disabled={busy}
      className="inline-flex min-h-11 items-center rounded border border-gold px-3 py-2 text-sm font-semibold whitespace-nowrap text-gold hover:bg-amber-50 disabled:opacity-60"
    >
      Order again<span className="sr-only">: {label}</span>
    </button>
  );
}
