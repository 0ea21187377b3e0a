import type { Channel } from '@/lib/notify/types';

/** The outbox as the Email page and its API show it (no server imports: client-safe). */

/**
 * Every message Bistro sends: to the diner about an order or a booking, or to the restaurant. The
 * notices of ./notices (ready, running late, refund) go by push or text when the diner has them;
 * `staff-alert` is a push to the staff's devices only.
 */
export const MAIL_KINDS = [
  'order-confirmation',
  'order-new',
  'order-ready',
  'order-late',
  'order-cancelled',
  'order-refund',
  'staff-alert',
  'booking-received',
  'booking-confirmed',
  'booking-cancelled',
  'booking-expired',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * waiting: to be sent (again) once `nextAttemptAt` comes; sending: claimed by a sender until its
 * lease ends; sent; failed: given up, with the server's last reply.
 */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

/** What the Email page lists: the messages still waiting, or those that failed. */
export const OUTBOX_VIEWS = ['failed', 'waiting'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

/** How each kind is named on the Email page. */
export const KIND_LABELS: Record<MailKind, string> = {
  'order-confirmation': 'Order confirmation',
  'order-new': 'New order (to the restaurant)',
  'order-ready': 'Ready for pickup',
  'order-late': 'Running late',
  'order-cancelled': 'Order cancelled',
  'order-refund': 'Refund',
  'staff-alert': 'New order (to staff devices)',
  'booking-received': 'Booking received',
  'booking-confirmed': 'Booking confirmed',
  'booking-cancelled': 'Booking cancelled',
  'booking-expired': 'Booking expired',
};

/** One message as GET /api/mail/outbox answers it. Dates are ISO strings. */
export interface OutboxMessage {
  _id: string;
  kind: MailKind;
  to: string;
  state: OutboxState;
  /** How a notice to a diner goes (or went): push, a text, or email. */
  channel: Channel;
  attempts: number;
  createdAt: string;
  /** When it will be tried next (waiting), or was last tried. */
  nextAttemptAt: string;
  sentAt?: string;
  /** The SMTP server's last refusal, or why sending failed. */
  lastError?: string;
}

/** A page of the outbox, newest first; `next` is the cursor of the page after it. */
export interface OutboxPage {
  messages: OutboxMessage[];
  next: string | null;
  /** How many messages wait and how many failed, in all. */
  counts: Record<OutboxView, number>;
  /** `smtp://host:port` mail is sent through, or null when none is configured. */
  server: string | null;
}

/** The diner's own choices (GET and PUT /api/mail/preferences). */
export interface MailPreferences {
  /** "Your order is ready" messages; receipts and refund notices always go. */
  ready: boolean;
}
