import 'server-only';
import { HttpError } from '@/lib/api/http';
import { restaurantClock } from '@/lib/reservations/calendar';
import { isTable } from '@/lib/tables/settings';
import { ordersPerSlot, releaseSlot, slotHeldBy, takeSlot } from './capacity';
import { pickupRules } from './config';
import { isOpenAt, pickupDays, pickupSlotKey, pickupTimesOn } from './slots';
import type { Fulfilment, FulfilmentChoice, PickupOptions, PickupSlot } from './types';

/**
 * How the diner gets the food, checked against the restaurant as it is now: the tables it has,
 * the slots still ahead and the kitchen's capacity. Chosen when the payment is opened, held just
 * before the money is taken (so a slot that filled meanwhile is refused before any charge).
 */

export const ASAP_CLOSED = 'We are closed right now, so "as soon as possible" is not on offer. Please choose a pickup time.';
export const ASAP_FULL = 'Every pickup time left today is full. Please choose a time on another day.';
export const slotFull = (time: string) => `The ${time} pickup slot is full. Please choose another time.`;
export const SLOT_TOO_SOON = 'Your pickup time is now too soon for the kitchen. Please choose a later time.';

/** Every slot of `date` still ahead, with whether it has room. Public: anybody may ask when to collect. */
export async function pickupSlots(date: string, now = new Date()): Promise<PickupSlot[]> {
  const rules = pickupRules();
  const times = pickupTimesOn(date, restaurantClock(now), rules);
  if (!times.length) return [];
  const held = await ordersPerSlot(date);
  return times.map((time) => ({ time, available: (held.get(time) ?? 0) < rules.ordersPerSlot }));
}

/**
 * The days pickup can be scheduled for, whether "as soon as possible" can be offered, and the
 * first day with a time that still has room (tomorrow once today's last times are too soon or full).
 * With them, the slots read to find that day, by date: today's and each day up to the first with
 * room, the days the payment page opens on.
 */
export async function pickupOptions(now = new Date()): Promise<{ options: PickupOptions; slots: Map<string, PickupSlot[]> }> {
  const rules = pickupRules();
  const clock = restaurantClock(now);
  const days = pickupDays(clock, rules);
  const slots = new Map<string, PickupSlot[]>();
  let firstDate: string | undefined;
  for (const day of days) {
    // A closed day, or one whose times have all passed, has no slots.
    const daySlots = await pickupSlots(day.date, now);
    slots.set(day.date, daySlots);
    if (daySlots.some((slot) => slot.available)) {
      firstDate = day.date;
      break;
    }
  }
  return { options: { days, openNow: isOpenAt(clock, rules), ...(firstDate ? { firstDate } : {}) }, slots };
}

/** The diner's choice as the order will keep it: 400 for a table the restaurant does not have, 409 when no slot has room. */
export async function chooseFulfilment(choice: FulfilmentChoice, now = new Date()): Promise<Fulfilment> {
  if (choice.kind === 'table') {
    if (!(await isTable(choice.table))) throw new HttpError(400, `There is no table ${choice.table} here. Please check the number on your table.`);
    return choice;
  }
  if (choice.kind === 'pickup') {
    const slot = (await pickupSlots(choice.date, now)).find((s) => s.time === choice.time);
    if (!slot?.available) throw new HttpError(409, slotFull(choice.time));
    return { ...choice, asap: false };
  }
  const clock = restaurantClock(now);
  if (!isOpenAt(clock, pickupRules())) throw new HttpError(409, ASAP_CLOSED);
  const earliest = (await pickupSlots(clock.today, now)).find((s) => s.available);
  if (!earliest) throw new HttpError(409, ASAP_FULL);
  return { kind: 'pickup', date: clock.today, time: earliest.time, asap: true };
}

/**
 * Takes the order's place in its pickup slot, just before the money is taken: 409 when the slot
 * has filled or its time has come too close meanwhile. "As soon as possible" is resolved again,
 * to the earliest slot with room now. Safe to repeat for one payment: it holds one place.
 */
export async function holdFulfilment(transactionId: string, fulfilment: Fulfilment | undefined, now = new Date()): Promise<Fulfilment | undefined> {
  if (fulfilment?.kind !== 'pickup') return fulfilment;
  const rules = pickupRules();
  const clock = restaurantClock(now);
  const held = await slotHeldBy(transactionId);
  if (fulfilment.asap) {
    if (!isOpenAt(clock, rules)) throw new HttpError(409, ASAP_CLOSED);
    // A repeated confirmation keeps the place it took today.
    if (held?.startsWith(`${clock.today} `)) return { ...fulfilment, date: clock.today, time: held.slice(clock.today.length + 1) };
    if (held) await releaseSlot(held, transactionId);
    for (const time of pickupTimesOn(clock.today, clock, rules)) {
      if (await takeSlot(pickupSlotKey(clock.today, time), transactionId, rules.ordersPerSlot)) return { ...fulfilment, date: clock.today, time };
    }
    throw new HttpError(409, ASAP_FULL);
  }
  const slot = pickupSlotKey(fulfilment.date, fulfilment.time);
  if (held === slot) return fulfilment;
  // The diner chose another time since a place was taken (a declined card, then a new choice).
  if (held) await releaseSlot(held, transactionId);
  if (!pickupTimesOn(fulfilment.date, clock, rules).includes(fulfilment.time)) throw new HttpError(409, SLOT_TOO_SOON);
  if (!(await takeSlot(slot, transactionId, rules.ordersPerSlot))) throw new HttpError(409, slotFull(fulfilment.time));
  return fulfilment;
}

/** Gives the order's place back: a declined card, a voided payment, a cancelled order. Safe to repeat. */
export async function releaseFulfilment(transactionId: string, fulfilment: Fulfilment | undefined): Promise<void> {
  if (fulfilment?.kind === 'pickup') await releaseSlot(pickupSlotKey(fulfilment.date, fulfilment.time), transactionId);
}
