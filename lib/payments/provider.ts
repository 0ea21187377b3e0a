import { HttpError } from '@/lib/api/http';
import type { Currency, PaymentMode } from './mode';

/**
 * The one interface every card provider implements. The rules (what is charged, for whom, and
 * when a payment counts as made) live in checkout.ts and never depend on which provider runs.
 */
export interface PaymentProvider {
  readonly name: PaymentMode;
  /**
   * Opens an intent to charge `amountCents` to the user with this email. Where the card is
   * confirmed with the provider (Stripe), confirming only authorizes the amount: the server
   * captures it once the order's pickup slot is held, or cancels the intent.
   */
  createIntent(order: { amountCents: number; currency: Currency; email: string }): Promise<ProviderIntent>;
  /** The provider's own, current account of an intent: what a payment is recorded from. */
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Takes the money of an 'authorized' intent. */
  captureIntent(id: string): Promise<ProviderIntent>;
  /** Voids an intent that has not been captured: the card is not charged. */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /**
   * Gives `amountCents` of a paid intent back to the card; an authorization never captured is
   * voided instead (all of it). `refundId` is ours and `attempt` counts the tries: a refund sent
   * again after a failure or a timeout is made at most once. It answers what was given back: an
   * earlier try's refund, when that one went through, with that try's cents.
   */
  refund(intentId: string, amountCents: number, refundId: string, attempt: number): Promise<{ id: string; cents: number }>;
}

export { CURRENCY, type Currency } from './mode';

/**
 * 'open' covers every state in which the customer may still (re)try a card; 'authorized' is a
 * card confirmed for the amount, waiting for the server to capture (or void) it.
 */
export type IntentStatus = 'open' | 'processing' | 'authorized' | 'succeeded' | 'canceled';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The email the intent was opened for, as the provider stored it. */
  email: string;
}

/** A provider's refusal or failure, with a message safe to show and the provider's code. */
export class PaymentError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly code: string,
  ) {
    super(status, message);
    this.name = 'PaymentError';
  }
}
