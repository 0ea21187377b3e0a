import type { Fulfilment } from '@/lib/fulfilment/types';
import type { OrderLine, OrderStatus, PaymentMoney } from '@/lib/orders/types';

/** What the browser and the API exchange about payments (no server imports: client-safe). */

/** A recorded payment as GET /api/payments/{email} answers it; `data` is the payment date (the field's name in the API). */
export interface Payment extends PaymentMoney {
  _id: string;
  /** The order number; absent on payments from before orders were numbered. */
  number?: number;
  email: string;
  /** What was charged, in dollars: subtotal + tip, plus the tax when it is added on top. */
  price: number;
  transactionId: string;
  data: string;
  cartIds: string[];
  menuItemIds: string[];
  /** What was bought. */
  lines: OrderLine[];
  /** How the diner gets the food; absent on payments from before it was asked. */
  fulfilment?: Fulfilment;
  status: OrderStatus;
  /** What was given back so far, in cents; absent when nothing was. */
  refundedCents?: number;
}

/** POST /api/create-payment-intent: the provider's secret for the card form, and what it charges. */
export interface CheckoutIntent extends PaymentMoney {
  clientSecret: string;
  transactionId: string;
  /** The amount in dollars, priced by the server from the cart and the menu's current prices, with the tip. */
  price: number;
  /** As the order will keep it, "as soon as possible" showing the slot it stands for now. */
  fulfilment: Fulfilment;
}

/** POST /api/payments: the payment's id, and the order it made (its number, and the slot held). */
export interface PaymentResult {
  paymentResult: { insertedId: string };
  order: { _id: string; number?: number; fulfilment?: Fulfilment };
}

/** POST /api/payments/demo-confirm, once the demo card went through: the order recorded, as POST /api/payments answers it. */
export interface DemoConfirmation extends PaymentResult {
  status: 'succeeded';
  transactionId: string;
}

/** A payment the reconciler has not finished for a while, as the admin home lists it. */
export interface PaymentToReconcile {
  transactionId: string;
  email: string;
  cents: number;
  /** When it was paid, or opened, on the restaurant's clock: 'YYYY-MM-DD HH:MM'. */
  since: string;
  state: string;
  /** What went wrong the last time the reconciler tried, and how many tries failed. */
  problem?: string;
  tries?: number;
}
