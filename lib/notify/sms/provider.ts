import 'server-only';

/**
 * One interface for every SMS provider (Twilio, the local catcher), as lib/payments/provider.ts
 * is for cards: the outbox's sender calls `send`, the inbound webhook calls `readInbound`.
 */

export interface Text {
  /** E.164. */
  to: string;
  body: string;
}

/** A reply that reached the provider's inbound webhook, verified as the provider's own. */
export interface Inbound {
  /** The sender, E.164. */
  from: string;
  body: string;
  /** What the provider already recognised in it (Twilio's Advanced Opt-Out), when it says. */
  keyword?: 'STOP' | 'START' | 'HELP';
}

export interface SmsProvider {
  /** As the admin reads it. */
  readonly name: string;
  /** Sends one text; answers the provider's id for it. Throws SmsError. */
  send(text: Text): Promise<{ id: string }>;
  /**
   * The reply in an inbound webhook request, or null when the request is not the provider's (its
   * signature does not match). `url` is the address the provider called, `params` the form body.
   */
  readInbound(url: string, params: Record<string, string>, signature: string | null): Inbound | null;
  /** What the webhook answers to a reply (TwiML for Twilio): `reply` is sent back as a text, when given. */
  answer(reply: string | null): { body: string; contentType: string };
}

/** Why a text was not sent. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly kind: 'retry' | 'refused' | 'opted-out' | 'down',
  ) {
    super(message);
    this.name = 'SmsError';
  }
}
