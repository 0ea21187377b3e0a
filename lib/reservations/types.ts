/** Bookings as the API answers them (no server imports: client-safe). */

/** 'expired': the restaurant did not confirm it in time, so its seats went back on sale. */
export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired';

/** A booking as it travels to the browser. */
export interface Booking {
  _id: string;
  name: string;
  email: string;
  date: string;
  time: string;
  guests: number;
  phone: string;
  note: string;
  status: BookingStatus;
  /** ISO instant the booking was made. */
  createdAt: string;
  /** The slot has begun on the restaurant's clock: the booking is history. */
  started: boolean;
}
