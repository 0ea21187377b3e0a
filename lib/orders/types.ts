/** Orders as the API, the event stream and the screens show them (no server imports: client-safe). */

/** Where an order is, from payment to hand-over; see ./status.ts for the moves between them. */
export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'completed' | 'cancelled';

/** How the diner gets the order, once checkout asks: collected at a time, or served at a table. */
export type Fulfilment = { kind: 'pickup'; slot: string } | { kind: 'table'; table: string };

/** One line of an order: a dish, how many, and what the diner asked for with it. */
export interface OrderLine {
  name: string;
  quantity: number;
  /** The options chosen ("Large", "No onions"), when the menu offers any. */
  options?: string[];
  note?: string;
}

/**
 * An order as GET /api/orders answers it and as `GET /api/orders/stream` sends it in each event
 * (lib/orders/orders.ts shapes both in one function). Dates are ISO strings.
 */
export interface Order {
  _id: string;
  /** The number the kitchen calls out, once orders are numbered; until then screens show `shortId`. */
  number?: number;
  email: string;
  /** What the diner paid, in dollars. */
  price: number;
  transactionId: string;
  /** The payment date (the payments collection names the field `data`). */
  data: string;
  /** When the order last changed: its payment or its latest status change. */
  updatedAt: string;
  itemCount: number;
  /** The dishes with how many of each; a dish deleted from the menu since is named so. */
  items: OrderLine[];
  fulfilment?: Fulfilment;
  status: OrderStatus;
  /** Oldest first, starting with pending at the payment time. */
  history: { status: OrderStatus; at: string }[];
}
