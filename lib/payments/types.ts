import type { MenuCategory, SelectedOption } from '@/lib/menu/types';
import type { OrderStatus } from '@/lib/orders/types';

/** What the browser and the API exchange about payments (no server imports: client-safe). */

/**
 * One line of an order as it was bought, kept on the payment at checkout so the order, the
 * statistics and any receipt never depend on today's menu.
 */
export interface OrderLine {
  menuId: string;
  name: string;
  /** The dish's category when bought: what the sales statistics group by. */
  category: MenuCategory;
  options: SelectedOption[];
  note?: string;
  quantity: number;
  unitCents: number;
  lineCents: number;
}

/** A recorded payment as GET /api/payments/{email} answers it; `data` is the payment date (the field's name in the API). */
export interface Payment {
  _id: string;
  email: string;
  price: number;
  transactionId: string;
  data: string;
  cartIds: string[];
  menuItemIds: string[];
  /** What was bought; absent on payments made before lines were kept. */
  lines?: OrderLine[];
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
