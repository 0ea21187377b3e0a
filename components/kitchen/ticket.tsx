'use client';

import { describeSelection } from '@/lib/menu/pricing';
import { fulfilmentLabel } from '@/lib/fulfilment/labels';
import { orderLabel } from '@/lib/orders/wording';
import { discountLabel } from '@/lib/promos/rules';
import type { Order } from '@/lib/orders/types';
import { ACTIONS, ageTone, formatAge, type AgeTone, type OpenStatus } from './tickets';
import type { KitchenSettings } from '@/lib/orders/kitchen-config';

const TONE: Record<AgeTone, { card: string; age: string; said: string }> = {
  fresh: { card: 'border-gray-300 bg-white', age: 'bg-gray-100 text-ink', said: '' },
  late: { card: 'border-amber-500 bg-amber-50', age: 'bg-amber-400 text-ink', said: ', running late' },
  overdue: { card: 'border-red-600 bg-red-50', age: 'bg-red-700 text-white', said: ', overdue' },
};

const BUTTON: Record<OpenStatus, string> = {
  pending: 'bg-blue-800 hover:bg-blue-900',
  preparing: 'bg-green-800 hover:bg-green-900',
  ready: 'bg-ink hover:bg-gold-dark',
};

interface TicketProps {
  order: Order & { status: OpenStatus };
  now: number;
  settings: KitchenSettings;
  /** The tap is held, undoable, until it is sent. */
  held: boolean;
  sending: boolean;
  onTap: () => void;
  onUndo: () => void;
  /** Prints its tickets again, marked REPRINT: there when the restaurant has printers. */
  onReprint?: () => void;
  /** Tells the diner it runs late (while it is being made, once). */
  onLate: () => void;
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** One order on the kitchen display: its name, how it is served, its lines in large type, its age, and one button. */
export function Ticket({ order, now, settings, held, sending, onTap, onUndo, onReprint, onLate }: TicketProps) {
  const age = now - Date.parse(order.data);
  const tone = TONE[ageTone(age, settings)];
  const label = orderLabel(order);
  const action = ACTIONS[order.status];
  const headingId = `ticket-${order._id}`;

  return (
    <li>
      <article aria-labelledby={headingId} className={`rounded-lg border-4 p-4 shadow-sm ${tone.card} ${held || sending ? 'opacity-80' : ''}`}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="font-mono text-3xl font-bold">
            {label}
          </h3>
          <p className={`rounded px-3 py-1 text-xl font-bold tabular-nums ${tone.age}`}>
            <span className="sr-only">Waiting </span>
            {formatAge(age)}
            <span className="sr-only">{tone.said}</span>
          </p>
        </header>
        {order.arrived ? (
          <p className="mt-2 rounded bg-blue-800 px-3 py-2 text-xl font-bold text-white">
            Here since {clock.format(new Date(order.arrived.at))}
            {order.arrived.note ? `: ${order.arrived.note}` : ''}
          </p>
        ) : null}
        {order.fulfilment ? <p className="mt-1 text-xl font-semibold">{fulfilmentLabel(order.fulfilment)}</p> : null}
        {order.late ? (
          <p className="mt-1 text-lg font-semibold text-amber-900">
            Told running late{order.late.by ? ` by ${order.late.by}` : ''}: ready by {clock.format(new Date(order.late.readyBy))}
          </p>
        ) : null}
        {/* Who the counter calls: the account's name, or the one a guest gave at payment. */}
        {order.name ? <p className="mt-1 text-xl">For {order.name}</p> : null}
        <ul className="mt-3 space-y-2 text-2xl leading-tight">
          {order.items.map((line, i) => (
            <li key={`${line.name}-${i}`}>
              <span className="font-bold tabular-nums">{line.quantity}×</span> {line.name}
              {line.options
                ?.filter((option) => option.choices.length)
                .map((option) => (
                  <span key={option.group} className="block pl-10 text-xl text-gray-800">
                    {describeSelection([option])}
                  </span>
                ))}
              {line.note ? <span className="block pl-10 text-xl font-semibold text-red-800">Note: {line.note}</span> : null}
            </li>
          ))}
        </ul>
        {/* The counter may be asked about it: the code and what it took off, as the receipt says. */}
        {order.discount ? <p className="mt-2 text-xl font-semibold tabular-nums">{discountLabel(order.discount.code, order.discount.cents)}</p> : null}
        {held ? (
          <div role="status" className="mt-4 overflow-hidden rounded bg-ink text-white">
            <div className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="text-lg font-semibold">{action.moving}…</span>
              <button
                type="button"
                onClick={onUndo}
                aria-label={`Undo: keep ${label} ${order.status === 'pending' ? 'new' : order.status}`}
                className="min-h-12 rounded bg-white px-5 text-lg font-bold text-ink hover:bg-cream"
              >
                Undo
              </button>
            </div>
            <div className="kitchen-undo-bar h-1.5 bg-gold-bright" style={{ animationDuration: `${settings.undoSeconds}s` }} aria-hidden="true" />
          </div>
        ) : (
          <button
            type="button"
            onClick={onTap}
            disabled={sending}
            aria-label={`${action.label}: ${label}`}
            className={`mt-4 min-h-16 w-full rounded px-4 text-2xl font-bold text-white disabled:cursor-wait ${BUTTON[order.status]}`}
          >
            {sending ? 'Sending…' : action.label}
          </button>
        )}
        {order.status !== 'ready' && !order.late && !held ? (
          <button type="button" onClick={onLate} aria-label={`Tell the diner of ${label} it is running late`} className="mt-2 min-h-12 w-full rounded border-2 border-amber-700 bg-white px-4 text-lg font-semibold text-amber-900 hover:bg-amber-50">
            Running late
          </button>
        ) : null}
        {onReprint ? (
          <button type="button" onClick={onReprint} aria-label={`Reprint the tickets of ${label}`} className="mt-2 min-h-12 w-full rounded border-2 border-ink bg-white px-4 text-lg font-semibold hover:bg-cream">
            Reprint
          </button>
        ) : null}
      </article>
    </li>
  );
}
