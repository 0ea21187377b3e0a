'use client';

import { useState, type ComponentType } from 'react';
import type { MenuCategory } from '@/lib/menu/types';
import { setOrderTime, useMenuMoment, useOrderTime } from './menu-moment';

type Picker = ComponentType<{ timeZone: string; onDone: () => void }>;

const BUTTON = 'min-h-11 rounded border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-white disabled:opacity-60';

/**
 * When the order is for, on the order page: as soon as possible, or a later pickup time the diner
 * chooses to see the menu of that time (breakfast tomorrow morning, tonight's bar menu). The cards
 * are judged for it, and the cart and the payment page take it as the pickup time. Says when the
 * section shown is next served, when it is not at that time ('Pizza from 12:00'). The time picker
 * is downloaded when first asked for.
 */
export function OrderTimeChooser({ category, label }: { category: MenuCategory; label: string }) {
  const moment = useMenuMoment();
  const chosen = useOrderTime();
  const [Picking, setPicking] = useState<Picker | null>(null);
  const [loading, setLoading] = useState(false);
  const when = chosen ? (moment ? moment.rule.orderTimeText(chosen, moment.state.timeZone, moment.now) : `${chosen.date} at ${chosen.time}`) : 'as soon as possible';
  const from = moment && moment.rule.sectionFrom(moment.state, category, moment.at, moment.now);

  async function pick() {
    setLoading(true);
    try {
      const { default: OrderTimePicker } = await import('./order-time-picker');
      setPicking(() => OrderTimePicker);
    } catch {
      // Without its code (the connection dropped) the button stays, to be pressed again.
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-label="When your order is for" className="mx-auto max-w-screen-xl px-4 pt-6">
      <div className="flex min-h-16 flex-wrap items-center justify-center gap-x-4 gap-y-2 rounded-lg bg-cream px-4 py-3 text-center">
        <p role="status">
          Ordering for <strong>{when}</strong>
          {from ? <span className="block text-sm font-semibold text-amber-900 sm:ml-2 sm:inline">{`${label} is served ${from}`}</span> : null}
        </p>
        <button type="button" onClick={() => void pick()} disabled={loading || !moment} aria-expanded={Picking !== null} className={BUTTON}>
          {chosen ? 'Change the time' : 'Order for later'}
        </button>
        {chosen ? (
          <button type="button" onClick={() => setOrderTime(null)} className={BUTTON}>
            As soon as possible
          </button>
        ) : null}
      </div>
      {Picking && moment ? <Picking timeZone={moment.state.timeZone} onDone={() => setPicking(null)} /> : null}
    </section>
  );
}
