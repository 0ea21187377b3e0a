/**
 * Texts and push notifications as the pages and the API exchange them (client-safe, no server
 * imports). What is sent when, and by which channel: docs/texts-and-push.md.
 */

/** How a notice reaches a diner: the best one they have, in this order. */
export const CHANNELS = ['push', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * What the diner ticks to be texted: stored word for word with the time and the address it came
 * from, as their consent. A new wording is a new constant, so consent given under the old one
 * still says what the diner saw.
 */
export const TEXT_CONSENT_WORDING =
  'Text me about this order (ready, running late, refunds) at this number. Transactional texts only, never marketing; at most a few per order. Message and data rates may apply. Reply STOP to stop, HELP for help.';

/** A diner's saved number and choice (GET and PUT /api/account/texts). */
export interface TextPreferences {
  /** E.164, e.g. +15550102024; null when none is saved. */
  phone: string | null;
  /** They agreed to texts about their orders at that number. */
  texts: boolean;
  /** The number replied STOP: nothing is texted to it until it replies START. */
  stopped: boolean;
}

/** Whether each channel can send now, and why not when it cannot (the admin home, the checkout). */
export interface ChannelStatus {
  on: boolean;
  /** Who sends ("Twilio", "the local SMS catcher"), or why it is off. */
  detail: string;
}

/** The admin home's view of texts and push. */
export interface NoticesOverview {
  sms: ChannelStatus;
  push: ChannelStatus;
  /** Texts sent this calendar month (the restaurant's), and the cap set in Settings. */
  textsThisMonth: number;
  textsPerMonth: number;
}

/** What the receipt page needs to offer "tell me when it's ready" on this device. */
export interface PushOffer {
  /** The VAPID public key, base64url, for PushManager.subscribe. */
  publicKey: string;
}

/** POST /api/orders/{id}/arrived's answer: the order as it is now is sent on the order stream too. */
export interface Arrival {
  at: string;
  note?: string;
}
