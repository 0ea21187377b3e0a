import { addDays, formatDay } from '@/lib/reservations/calendar';
import type { Fulfilment } from './types';

/** How a fulfilment reads on screen, in one place (client-safe). */

/** "Table 7" or "Pickup 18:15": what the kitchen and the lists show. */
export function fulfilmentLabel(fulfilment: Fulfilment): string {
  return fulfilment.kind === 'table' ? `Table ${fulfilment.table}` : `Pickup ${fulfilment.time}`;
}

/** "Pickup at 18:15 on Saturday, 14 June 2030 (as soon as possible)", or "Served at table 7": the receipt's words. */
export function fulfilmentDetail(fulfilment: Fulfilment): string {
  if (fulfilment.kind === 'table') return `Served at table ${fulfilment.table}`;
  return `Pickup at ${fulfilment.time} on ${formatDay(fulfilment.date)}${fulfilment.asap ? ' (as soon as possible)' : ''}`;
}

const short = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "Today", "Tomorrow" or "Sat 14 Jun", for a date picker. */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return short.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Pickup orders (those `first` picks, when given) by their slot, soonest first, then every other
 * order in the order given: how Manage orders lists the orders still to hand over.
 */
export function byPickupSlot<T extends { fulfilment?: Fulfilment }>(orders: readonly T[], first: (order: T) => boolean = () => true): T[] {
  const slotOf = (order: T) => (order.fulfilment?.kind === 'pickup' && first(order) ? `${order.fulfilment.date} ${order.fulfilment.time}` : null);
  const slotted = orders.flatMap((order) => {
    const slot = slotOf(order);
    return slot ? [{ order, slot }] : [];
  });
  slotted.sort((a, b) => a.slot.localeCompare(b.slot));
  return [...slotted.map(({ order }) => order), ...orders.filter((order) => slotOf(order) === null)];
}
