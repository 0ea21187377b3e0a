import type { Fulfilment } from '@/lib/fulfilment/types';
import type { MenuCategory, SelectedOption } from '@/lib/menu/types';
import type { OrderTax } from '@/lib/tax/tax';

/** Orders as the API, the event stream and the screens show them (no server imports: client-safe). */

export type { Fulfilment };

/**
 * One line of an order as it was bought, kept on the checkout and its order so the order, the
 * statistics and any receipt never depend on today's menu. Orders paid before lines were kept
 * had theirs made once from their dishes and the menu of the day that was done
 * (lib/db/migrations/022-order-lines.ts).
 */
export interface OrderLine {
  menuId: string;
  name: string;
  /**
   * The dish's category when bought: what the sales statistics group by. Absent on a line made
   * for an old order whose dish had left the menu by then: it counts in no category.
   */
  category?: MenuCategory;
  options: SelectedOption[];
  note?: string;
  quantity: number;
  unitCents: number;
  lineCents: number;
  /** How many of it were refunded so far. */
  refundedQuantity?: number;
  /** The tax rate the line was charged at (an id of the settings' rates then); absent when nothing was taxed. */
  taxRate?: string;
}

/**
 * The food and the tip of a payment or an order, in dollars; `price` is their sum, plus the tax
 * when it was added on top (not when the prices included it).
 */
export interface PaymentMoney {
  subtotal: number;
  tip: number;
  /** When the tip was chosen as a percentage of the subtotal. */
  tipPercent?: number;
  /** The tax of each rate, in cents, as charged; absent when the restaurant had no rate then. */
  tax?: OrderTax;
  /** A promo code's discount, in cents, taken off the food before tax. */
  discount?: { code: string; cents: number };
}

/** Where an order is, from payment to hand-over; see ./status.ts for the moves between them. */
export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'completed' | 'cancelled';

/** One line of an order as bought. */
export interface OrderItem {
  name: string;
  quantity: number;
  /** How many of this line were refunded. */
  refundedQuantity?: number;
  options: SelectedOption[];
  note?: string;
  unitCents: number;
  lineCents: number;
}

/**
 * An order as GET /api/orders answers it, as `GET /api/orders/stream` sends it in each event and
 * as its receipt shows it (lib/orders/orders.ts shapes them all in one function). Dates are ISO strings.
 */
export interface Order extends PaymentMoney {
  _id: string;
  /** The number the kitchen calls out; absent on orders from before they were numbered. */
  number?: number;
  email: string;
  /** The diner's name at checkout, when it was kept. */
  name?: string;
  /** What the diner paid, in dollars: subtotal + tip, plus the tax when it is added on top. */
  price: number;
  transactionId: string;
  /** The payment date (the payments collection names the field `data`). */
  data: string;
  /** When the order last changed: its payment or its latest status change. */
  updatedAt: string;
  /** Dishes in the order, counting each unit. */
  itemCount: number;
  /** Its lines as bought: dish, quantity, choices, the diner's note and prices. */
  items: OrderItem[];
  /** How the diner gets the food; absent on orders from before it was asked. */
  fulfilment?: Fulfilment;
  status: OrderStatus;
  /** Oldest first, starting with pending at the payment time; `by` names who made each later change. */
  history: { status: OrderStatus; at: string; by?: string }[];
  /** Refunds, oldest first, with their state: a failed one gave nothing back and may be retried. Absent: none. */
  refunds?: OrderRefund[];
  /** What was given back, in cents: the refunds done. Absent: nothing. */
  refundedCents?: number;
  /** The diner of a pickup order said "I'm here", with where they wait. */
  arrived?: { at: string; note?: string };
  /** The diner was told it runs late, with the new time; `by` names the person who told them (absent: the clock). */
  late?: { at: string; readyBy: string; by?: string };
}

export interface OrderRefund {
  id: string;
  cents: number;
  reason?: string;
  at: string;
  status: 'pending' | 'done' | 'failed';
  by?: string;
  /** Why the provider failed: for the admin who retries. */
  error?: string;
  /** It may be sent again: it failed, or it is pending with no answer within its lease (the server stopped while it was sent). */
  retryable?: true;
}
