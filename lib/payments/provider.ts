import { HttpError } from '@/lib/api/http';
import type { Currency, PaymentMode } from './mode';

/**
 * The one interface every card provider implements (each in its folder under ./providers/, chosen
 * in ./providers/index.ts). The rules (what is charged, for whom, and when a payment counts as
 * made) live in open.ts and settle.ts and never depend on which provider runs. Every intent is
 * opened for manual capture: confirming the card only authorizes the amount, and settle.ts
 * captures it once what the order needs is held, or cancels it.
 */
export interface PaymentProvider {
  readonly name: PaymentMode;
  /** Whether this provider issued the intent with this id. */
  issued(id: string): boolean;
  /** Opens an intent to charge `amountCents` to the person with this email. */
  createIntent(order: { amountCents: number; currency: Currency; email: string }): Promise<ProviderIntent>;
  /** The provider's own, current account of an intent, with the card's fingerprint once one was given: what a payment is recorded from. */
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Takes the money of an 'authorized' intent. */
  captureIntent(id: string): Promise<ProviderIntent>;
  /** Voids an intent that has not been captured: the card is not charged. */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /**
   * Gives `amountCents` of a paid intent back to the card; an authorization never captured is
   * voided instead (all of it). `refundId` is ours and `attempt` counts the tries answered so far
   * plus this one. A refund is made at most once: the provider is first asked for a refund it
   * already made under `refundId` (a try whose answer was lost), and that one is answered, with
   * its cents.
   */
  refund(intentId: string, amountCents: number, refundId: string, attempt: number): Promise<ProviderRefund>;
  /** The refunds the provider made (or is making) of a paid intent: ours, and any made outside this site. */
  refunds(intentId: string): Promise<ProviderRefund[]>;
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
  /** The same card gives the same fingerprint, whoever pays with it: once a card was given, where the provider tells. */
  cardFingerprint?: string;
}

/** A refund a provider made: its id, its cents, and our refund id when we asked for it. */
export interface ProviderRefund {
  id: string;
  cents: number;
  refundId?: string;
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
