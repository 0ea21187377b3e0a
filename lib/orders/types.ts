import type { SelectedOption } from '@/lib/menu/types';

/** Orders as the API answers them (no server imports: client-safe). */

/** Where an order is, from payment to hand-over; see ./status.ts for the moves between them. */
export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'completed' | 'cancelled';

/** An order as GET /api/orders answers it: dates are ISO strings. */
export interface Order {
  _id: string;
  email: string;
  /** What the diner paid, in dollars. */
  price: number;
  transactionId: string;
  /** The payment date (the payments collection names the field `data`). */
  data: string;
  /** Dishes in the order, counting each unit. */
  itemCount: number;
  /**
   * Its lines as bought: dish, quantity, choices and the diner's note. Orders paid before lines
   * were kept list each dish by today's name, with how many (a dish deleted since is named so).
   */
  items: { name: string; quantity: number; options?: SelectedOption[]; note?: string }[];
  status: OrderStatus;
  /** Oldest first, starting with pending at the payment time. */
  history: { status: OrderStatus; at: string }[];
}
