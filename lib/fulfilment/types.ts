/** How a diner gets their food, as the browser and the API exchange it (client-safe). */

/**
 * What an order keeps: collected at a pickup slot (the restaurant's wall clock, like bookings), or
 * served at a table. `asap` says the diner asked for the earliest slot, which the payment resolved.
 */
export type Fulfilment = { kind: 'pickup'; date: string; time: string; asap: boolean } | { kind: 'table'; table: number };

/**
 * What the payment page asks for: the earliest slot with room, a chosen slot, or the diner's table
 * with the token its QR code carries (lib/tables/tokens.ts).
 */
export type FulfilmentChoice = { kind: 'asap' } | { kind: 'pickup'; date: string; time: string } | { kind: 'table'; table: number; token: string };

/** GET /api/pickup-slots: each slot of a day still ahead, and whether it has room. */
export interface PickupSlot {
  time: string;
  available: boolean;
}

/** A day pickup can be scheduled for. */
export interface PickupDay {
  date: string;
  /** No pickup time that day (a closure, or no hours). */
  closed: boolean;
  /** What a closure of the day tells diners. */
  note?: string;
}

/** What the payment page needs to offer pickup: the days, and whether "as soon as possible" is on. */
export interface PickupOptions {
  days: PickupDay[];
  /** The restaurant is open and taking orders now, so "as soon as possible" can be offered (when a slot has room). */
  openNow: boolean;
  /** The first day with a pickup time still ahead that has room for this order (tomorrow once today's last times are too soon or full), if any. */
  firstDate?: string;
  /** Times are left today, but none has room for an order this big: the page says so and offers `firstDate`. */
  tooBigToday?: boolean;
  /** The order is more than any slot can hold: the page says so. */
  tooBig?: boolean;
}
