'use client';

import { useSyncExternalStore } from 'react';
import type { Order } from '@/lib/orders/types';
import { dinerStatusLabel } from '@/lib/orders/wording';

const when = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Notification.permission, which no event reports: the request below tells its readers. */
const asked = new Set<() => void>();
function onAsked(notify: () => void) {
  asked.add(notify);
  return () => asked.delete(notify);
}
const permission = () => ('Notification' in window ? Notification.permission : 'unsupported');

function describe(order: Order): string {
  return `${dinerStatusLabel(order)}: your order of ${when.format(new Date(order.data))}.`;
}

/** The browser's own notification that `order` is ready, when the diner allowed them. */
export function notifyReady(order: Order): void {
  if (permission() !== 'granted') return;
  try {
    new Notification('Your order is ready', { body: describe(order), tag: order._id });
  } catch {
    // Some mobile browsers show notifications only from a service worker: the notice on the page stays.
  }
}

/**
 * Says on the page which orders are ready, and offers browser notifications (the button asks,
 * once: browsers only ask in answer to a click).
 */
export function ReadyAlerts({ ready, onDismiss }: { ready: Order[]; onDismiss: (id: string) => void }) {
  const allowed = useSyncExternalStore(onAsked, permission, () => 'unsupported');

  async function ask() {
    await Notification.requestPermission();
    for (const notify of asked) notify();
  }

  return (
    <div className="space-y-3">
      <div role="status" className="space-y-2">
        {ready.map((order) => (
          <p key={order._id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-lg font-semibold text-green-950">
            <span>{describe(order)}</span>
            <button type="button" onClick={() => onDismiss(order._id)} className="rounded px-3 py-1 text-base underline">
              Dismiss
            </button>
          </p>
        ))}
      </div>
      {allowed === 'default' ? (
        <button type="button" onClick={() => void ask()} className="rounded border-2 border-ink px-4 py-2 font-semibold hover:bg-cream">
          Notify me when an order is ready
        </button>
      ) : null}
    </div>
  );
}
