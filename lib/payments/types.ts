import type { OrderStatus } from '@/lib/orders/types';

/** What the browser and the API exchange about payments (no server imports: client-safe). */

/** A recorded payment as GET /api/payments/{email} answers it; `data` is the payment date (the field's name in the API). */
export interface Payment {
  _id: string;
  email: string;
  price: number;
  transactionId: string;
  data: string;
  cartIds: string[];
  menuItemIds: string[];
  status: OrderStatus;
}

/** POST /api/create-payment-intent: the provider's secret for the card form, and what it charges. */
export interface CheckoutIntent {
  clientSecret: string;
  transactionId: string;
  /** The amount in dollars, priced by the server from the cart and the menu's current prices. */
  price: number;
}

/** POST /api/payments/demo-confirm, once the demo card went through. */
export interface DemoConfirmation {
  status: 'succeeded';
  transactionId: string;
}

/** POST /api/payments. */
export interface PaymentResult {
  paymentResult: { insertedId: string };
}
