import { clockOffsetMs } from './test-clock.mjs';

/**
 * The time the restaurant runs on: what every rule about time asks (hours, closures, pauses,
 * pickup slots, a kitchen display gone quiet, idle guests, bookings, promo codes) and what its
 * records are stamped with. The real time, unless the browser journeys moved it through their
 * test-only hook (./test-clock.mjs), which production never has. Tokens and rate limits keep the
 * real time: they are about the client's clock and seconds, not the restaurant's day.
 */
export function clockMs(): number {
  return Date.now() + clockOffsetMs();
}

/** The time now, as a Date (see `clockMs`). */
export function clockNow(): Date {
  return new Date(clockMs());
}
