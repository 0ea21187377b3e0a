'use client';

import { useRef, useState, type ReactNode } from 'react';
import { ConnectionNotice } from '@/components/orders/connection-notice';
import { PrinterAlertList, reprintTickets, usePrinterAlerts } from '@/components/printing/printer-alerts';
import { OrderingControls, type OrderingView } from '@/components/settings/ordering-controls';
import { withOrder } from '@/components/orders/live-orders';
import { useLiveOrders } from '@/components/orders/use-live-orders';
import { PushButton } from '@/components/notify/push-button';
import { ApiError, api } from '@/lib/client/api';
import type { PushOffer } from '@/lib/notify/types';
import type { KitchenSettings } from '@/lib/orders/kitchen-config';
import { KITCHEN_STEP } from '@/lib/orders/status';
import type { Order } from '@/lib/orders/types';
import { orderLabel } from '@/lib/orders/wording';
import { KitchenAlert } from './kitchen-alert';
import { Ticket } from './ticket';
import { COLUMNS, KITCHEN_ORDERS_KEY, columnTickets, isOpen } from './tickets';
import { useChime } from './use-chime';
import { useClock } from './use-clock';
import { useFullscreen } from './use-fullscreen';
import { useHeldMoves, type Move } from './use-held-moves';
import { useWakeLock } from './use-wake-lock';

const TOOL = 'min-h-12 rounded border-2 border-ink bg-white px-4 font-semibold hover:bg-cream';

interface KitchenBoardProps {
  /** When the server read the orders (the stream starts from there). */
  since: string;
  settings: KitchenSettings;
  /** Pause and busy mode as the server read them. */
  ordering: OrderingView;
  /** New-order alerts on this device by push, when push is on. */
  push: PushOffer | null;
  /** The kitchen's hold on the menu (86s and counts), under the ordering controls. */
  children?: ReactNode;
}

/**
 * The kitchen display: New → Preparing → Ready, kept current by the order stream. A tap moves a
 * ticket one step on after a few seconds in which it can be undone; Completed clears it. A new
 * ticket chimes; the screen is kept awake and can go full screen. Online ordering can be paused,
 * or slowed by busy mode, from here; and while this board is open, a kitchen is seen watching.
 */
export function KitchenBoard({ since, settings, ordering, push, children }: KitchenBoardProps) {
  const board = useRef<HTMLDivElement>(null);
  const chime = useChime();
  const awake = useWakeLock();
  const fullscreen = useFullscreen(board);
  const now = useClock(Number(since), 15_000);
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState('');
  const printing = usePrinterAlerts();

  const { orders, mutate, reconnecting } = useLiveOrders(KITCHEN_ORDERS_KEY, {
    since,
    kitchen: true,
    belongs: isOpen,
    onOrder: (order, before) => {
      if (!before && order.status === 'pending') chime.play();
      // The diner says they are here: the counter hears it as it hears a new ticket.
      else if (before && order.arrived && order.arrived.at !== before.arrived?.at) chime.play();
      // Moved on elsewhere (another screen, Manage orders) while a tap was held: that tap no longer applies.
      if (moves.held[order._id] && moves.held[order._id]!.from !== order.status) moves.undo(order._id);
    },
  });

  const sendingOf = (id: string, on: boolean) =>
    setSending((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function send(move: Move) {
    sendingOf(move.id, true);
    try {
      const moved = await api<Order>(`/api/orders/${move.id}`, { method: 'PATCH', json: { status: move.to, from: move.from } });
      await mutate((cached) => withOrder(cached ?? orders ?? [], moved, isOpen), { revalidate: false });
    } catch (err) {
      const name = orderLabel(orders?.find((order) => order._id === move.id) ?? { _id: move.id });
      setNotice(err instanceof ApiError ? `${name}: ${err.message} The screen shows it as it is now.` : `${name} could not be moved. Check the connection and try again.`);
      await mutate();
    } finally {
      sendingOf(move.id, false);
    }
  }

  async function tellLate(order: Order) {
    try {
      const told = await api<Order>(`/api/orders/${order._id}/late`, { method: 'POST' });
      await mutate((cached) => withOrder(cached ?? orders ?? [], told, isOpen), { revalidate: false });
    } catch (err) {
      setNotice(`${orderLabel(order)}: ${err instanceof ApiError ? err.message : 'the diner could not be told. Check the connection and try again.'}`);
    }
  }

  const sendNow = (move: Move) =>
    void fetch(`/api/orders/${move.id}`, {
      method: 'PATCH',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: move.to, from: move.from }),
    }).catch(() => {});

  const moves = useHeldMoves(settings.undoSeconds * 1000, (move) => void send(move), sendNow);
  const open = (orders ?? []).filter(isOpen);

  return (
    <div ref={board} className="@container space-y-4 bg-cream/50 [&:fullscreen]:overflow-auto [&:fullscreen]:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl uppercase">Kitchen</h1>
        <div className="flex flex-wrap items-center gap-2">
          {awake ? <span className="text-sm text-gray-700">Screen stays on</span> : null}
          <button type="button" aria-pressed={chime.on} onClick={chime.toggle} className={TOOL}>
            Sound {chime.on ? 'on' : 'off'}
          </button>
          {fullscreen.supported ? (
            <button type="button" onClick={fullscreen.toggle} className={TOOL}>
              {fullscreen.full ? 'Leave full screen' : 'Full screen'}
            </button>
          ) : null}
        </div>
      </div>
      <OrderingControls initial={ordering} />
      {children}
      {push ? <PushButton publicKey={push.publicKey} label="Also alert this device to new orders" /> : null}
      <PrinterAlertList alerts={printing.alerts} />
      {/* Over the board, never pushing it: a ticket must not move between a cook's finger going down and up. */}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-xl flex-col gap-2 *:pointer-events-auto *:shadow-lg">
        <ConnectionNotice reconnecting={reconnecting} />
        <KitchenAlert message={notice} onDismiss={() => setNotice('')} className="text-lg" />
        {chime.on && chime.waiting ? <p className="rounded bg-ink px-4 py-2 text-center text-white">Tap anywhere on the screen once to hear new tickets.</p> : null}
      </div>
      {/* Side by side from a tablet in landscape beside the sidebar (about 43rem), stacked in portrait. */}
      <div className="grid gap-4 @2xl:grid-cols-3">
        {COLUMNS.map(({ status, title }) => {
          const tickets = columnTickets(open, status);
          return (
            <section key={status} aria-labelledby={`column-${status}`} className="rounded-lg bg-white/70 p-3">
              <h2 id={`column-${status}`} className="mb-3 font-display text-2xl uppercase">
                {title} <span className="tabular-nums">({tickets.length})</span>
              </h2>
              {tickets.length ? (
                <ol className="space-y-3">
                  {tickets.map((order) => (
                    <Ticket
                      key={order._id}
                      order={order}
                      now={now}
                      settings={settings}
                      held={Boolean(moves.held[order._id])}
                      sending={sending.has(order._id)}
                      onTap={() => moves.hold({ id: order._id, from: order.status, to: KITCHEN_STEP[order.status] })}
                      onUndo={() => moves.undo(order._id)}
                      onReprint={printing.printers ? () => void reprintTickets(order._id, orderLabel(order)) : undefined}
                      onLate={() => void tellLate(order)}
                    />
                  ))}
                </ol>
              ) : (
                <p className="py-6 text-center text-lg text-gray-600">No tickets</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
