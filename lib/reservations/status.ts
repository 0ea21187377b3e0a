import type { BookingStatus } from './types';

/**
 * Who may move a booking from which status to which, written once: the server enforces it and
 * the pages use the same answer to disable a button and say why. Browser-safe.
 *
 *   pending ──confirm (admin)──▶ confirmed
 *   pending | confirmed ──cancel (admin, or the owner before the slot starts)──▶ cancelled
 *   pending ──not confirmed in time (the server, lib/reservations/bookings.ts)──▶ expired
 *
 * Cancelled and expired bookings stay so: their seats are already back on sale.
 */

export const STATUS_CHANGES = ['confirmed', 'cancelled'] as const;
export type StatusChange = (typeof STATUS_CHANGES)[number];

/** The statuses each change may start from; the server's update matches on these atomically. */
export const ALLOWED_FROM: Record<StatusChange, readonly BookingStatus[]> = {
  confirmed: ['pending'],
  cancelled: ['pending', 'confirmed'],
};

export interface Refusal {
  /** 403: this person may never do it; 409: the booking's state does not allow it now. */
  status: 403 | 409;
  message: string;
}

/** Why `change` is refused for this booking and this person, or null when it is allowed. */
export function refusal(booking: { status: BookingStatus; started: boolean }, change: StatusChange, admin: boolean): Refusal | null {
  if (!admin && change === 'confirmed') return { status: 403, message: 'Only the restaurant can confirm a booking.' };
  if (!ALLOWED_FROM[change].includes(booking.status)) {
    const message =
      booking.status === change
        ? `This booking is already ${change}.`
        : `${/^[aeiou]/.test(booking.status) ? 'An' : 'A'} ${booking.status} booking cannot be ${change}.`;
    return { status: 409, message };
  }
  if (!admin && booking.started) {
    return { status: 409, message: 'This booking has already started, so it can no longer be cancelled online. Please call us.' };
  }
  return null;
}
