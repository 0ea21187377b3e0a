import type { Allergen, MenuCategory, SelectedOption } from '@/lib/menu/types';
import type { Fulfilment } from '@/lib/fulfilment/types';
import { PASS_LABEL, PASS_STATION, type Station, type TicketContent, type TicketLine } from './types';

/**
 * Which printer gets which lines of an order (pure, so the Printers page's preview and the queue
 * agree): each line goes to the station that names its dish, else the one that names its
 * category, else the first station. A printer prints one ticket per order, with the lines of the
 * stations it serves (two stations on one printer share a slip); a printer at the pass prints the
 * whole order.
 */

export interface RoutedLine {
  menuId: string;
  category?: MenuCategory;
  quantity: number;
  name: string;
  options: SelectedOption[];
  note?: string;
}

export interface RoutedOrder {
  label: string;
  fulfilment?: Fulfilment;
  name?: string;
  paidAt: Date;
  paidCents: number;
  lines: RoutedLine[];
}

export interface RoutedPrinter {
  id: string;
  stations: readonly string[];
}

/** The station a line is made at. */
export function stationOf(line: Pick<RoutedLine, 'menuId' | 'category'>, stations: readonly Station[]): Station | undefined {
  return (
    stations.find((station) => station.dishes.includes(line.menuId)) ??
    (line.category ? stations.find((station) => station.categories.includes(line.category!)) : undefined) ??
    stations[0]
  );
}

/** Each printer's ticket for the order; a printer none of whose stations has a line gets none. */
export function ticketsFor(
  order: RoutedOrder,
  stations: readonly Station[],
  printers: readonly RoutedPrinter[],
  allergensOf: (menuId: string) => readonly Allergen[],
): { printerId: string; ticket: TicketContent }[] {
  const routed = order.lines.map((line) => ({ line, station: stationOf(line, stations) }));
  const lineOf = ({ quantity, name, options, note, menuId }: RoutedLine): TicketLine => ({ quantity, name, options, ...(note ? { note } : {}), allergens: [...allergensOf(menuId)] });
  const base = { label: order.label, ...(order.fulfilment ? { fulfilment: order.fulfilment } : {}), ...(order.name ? { name: order.name } : {}), paidAt: order.paidAt.toISOString(), paidCents: order.paidCents };
  return printers.flatMap<{ printerId: string; ticket: TicketContent }>((printer) => {
    if (printer.stations.includes(PASS_STATION)) {
      return [{ printerId: printer.id, ticket: { ...base, stations: [PASS_LABEL], whole: true, lines: order.lines.map(lineOf) } }];
    }
    const mine = routed.filter(({ station }) => station && printer.stations.includes(station.id));
    if (!mine.length) return [];
    const names = stations.filter((station) => printer.stations.includes(station.id) && mine.some((m) => m.station === station)).map((station) => station.name);
    return [{ printerId: printer.id, ticket: { ...base, stations: names, whole: false, lines: mine.map(({ line }) => lineOf(line)) } }];
  });
}
