import { KITCHEN_STEP, OPEN_STATUSES } from '@/lib/orders/status';
import type { Order } from '@/lib/orders/types';
import type { KitchenSettings } from '@/lib/orders/kitchen-config';
import { MAX_LIMIT } from '@/lib/pagination/schemas';

/** How the kitchen display arranges and words its tickets (client-safe, no React). */

/**
 * The list the kitchen reads: its three columns' statuses, as many as one page holds (far more
 * tickets than a kitchen has open at once).
 */
export const KITCHEN_ORDERS_KEY = `/api/orders?status=${OPEN_STATUSES.join(',')}&limit=${MAX_LIMIT}`;

export type OpenStatus = (typeof OPEN_STATUSES)[number];

export const COLUMNS: { status: OpenStatus; title: string }[] = [
  { status: 'pending', title: 'New' },
  { status: 'preparing', title: 'Preparing' },
  { status: 'ready', title: 'Ready' },
];

/** What the one button on a ticket does, and what it says while the tap can be undone. */
export const ACTIONS: Record<OpenStatus, { label: string; moving: string }> = {
  pending: { label: 'Start preparing', moving: 'Moving to Preparing' },
  preparing: { label: 'Mark ready', moving: 'Moving to Ready' },
  ready: { label: 'Completed', moving: 'Clearing as completed' },
};

export const isOpen = (order: Order): order is Order & { status: OpenStatus } => order.status in KITCHEN_STEP;

/**
 * When a ticket is due: its pickup slot when it has one (the restaurant's wall clock, which is the
 * kitchen screen's own), else when it was paid. Earliest first.
 */
function dueAt(order: Order): number {
  const fulfilment = order.fulfilment;
  return fulfilment?.kind === 'pickup' ? Date.parse(`${fulfilment.date}T${fulfilment.time}`) : Date.parse(order.data);
}

export function columnTickets<T extends Order>(orders: T[], status: OpenStatus): T[] {
  return orders.filter((order) => order.status === status).sort((a, b) => dueAt(a) - dueAt(b) || a._id.localeCompare(b._id));
}

export type AgeTone = 'fresh' | 'late' | 'overdue';

/** Amber past `amberMinutes`, red past `redMinutes`, since the order was paid. */
export function ageTone(ageMs: number, { amberMinutes, redMinutes }: Pick<KitchenSettings, 'amberMinutes' | 'redMinutes'>): AgeTone {
  const minutes = ageMs / 60_000;
  if (minutes >= redMinutes) return 'overdue';
  if (minutes >= amberMinutes) return 'late';
  return 'fresh';
}

/** "0 min", "12 min", "1 h 05". */
export function formatAge(ageMs: number): string {
  const minutes = Math.max(0, Math.floor(ageMs / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
