import type { CheckoutIntent, PaymentResult } from '@/lib/payments/types';

/** What the demo and the Stripe card forms share: their props and the error line. */

export interface CardFormProps {
  /** The total shown on Pay, in cents. */
  totalCents: number;
  /** Why Pay must wait (a pickup time to choose, a tip to correct), if it must. */
  waitingFor?: string;
  /** Opens the payment intent for the choices on the page, when Pay is pressed; throws what to tell the diner. */
  prepare(): Promise<CheckoutIntent>;
  /**
   * The provider took the card for this intent (charged, or authorized for the server to capture).
   * `recorded` is the order when the server recorded it in the same request (the demo card);
   * otherwise the page asks the server to record it.
   */
  onSucceeded(transactionId: string, intent: CheckoutIntent, recorded?: PaymentResult): Promise<void>;
  /** The server refused before charging (the cart or the pickup slot changed): the page reads them again. */
  onRefused(): void;
}

/** The total the server priced differs from the one on the page (the cart changed in another tab): nothing was charged. */
export class CheckoutChanged extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutChanged';
  }
}

/** The id of the card form, which the Pay bar submits. */
export const CARD_FORM_ID = 'card-form';

/** The provider's message, in red under the form. */
export function CardError({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="mt-4 text-sm text-red-600">
      {message}
    </p>
  ) : null;
}
