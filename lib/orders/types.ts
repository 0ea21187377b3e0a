import type { SelectedOption } from '@/lib/menu/types';

/** Orders as the API, the event stream and the screens show them (no server imports: client-safe). */

/** Where an order is, from payment to hand-over; see ./status.ts for the moves between them. */
export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'completed' | 'cancelled';

/** How the diner gets the order, once checkout asks: collected at a time, or served at a table. */
export type Fulfilment = { kind: 'pickup'; slot: string } | { kind: 'table'; table: string };

/**
 * One line of an order as screens show it: a dish, how many, the choices made and the diner's
 * note. Orders paid before lines were kept list each dish by today's name, with how many (a dish
 * deleted since is named so), and no choices.
 */
export interface OrderItem {
  name: string;
  quantity: number;
  options?: SelectedOption[];
  note?: string;
}

/**
 * An order as GET /api/orders answers it and as `GET /api/orders/stream` sends it in each event
 * (lib/orders/orders.ts shapes both in one function). Dates are ISO strings.
 */
export interface Order {
  _id: string;
  /** The number the kitchen calls out, once orders are numbered; until then screens show the end of its id. */
  number?: number;
  email: string;
  /** What the diner paid, in dollars. */
  price: number;
  transactionId: string;
  /** The payment date (the payments collection names the field `data`). */
  data: string;
  /** When the order last changed: its payment or its latest status change. */
  updatedAt: string;
  /** Dishes in the order, counting each unit. */
  itemCount: number;
  items: OrderItem[];
  fulfilment?: Fulfilment;
  status: OrderStatus;
  /** Oldest first, starting with pending at the payment time. */
  history: { status: OrderStatus; at: string }[];
}
