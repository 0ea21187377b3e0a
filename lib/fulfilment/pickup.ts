import 'server-only';
import { clockNow } from '@/lib/settings/clock';
import { HttpError } from '@/lib/api/http';
import { orderingContext } from '@/lib/settings/ordering';
import { dayPhrase, zonedClock } from '@/lib/settings/schedule';
import { busyMinutes, closedNowReason, stoppedReason, type OrderingContext } from '@/lib/settings/status';
import { isTable } from '@/lib/tables/settings';
import { isTableToken } from '@/lib/tables/tokens';
import { loadPerSlot, releaseSlot, slotHeldBy, takeSlot } from './capacity';
import type { PickupRules } from './config';
import { pickupDays, pickupRefusal, pickupSlotKey, pickupTimes, pickupTimesOn, soonestTimes } from './slots';
import type { Fulfilment, FulfilmentChoice, PickupOptions, PickupSlot } from './types';

/**
 * How the diner gets the food, checked against the restaurant as it is now: whether it takes
 * orders (its settings, a pause), its hours and closures, the tables it has, and its kitchen's
 * room. Chosen when the payment is opened, held just before the money is taken (so a slot that
 * filled, or a pause that began, meanwhile is refused before any charge). Every refusal of the
 * restaurant's state is a 409 that says when ordering opens.
 */

export const ASAP_FULL = 'Every pickup time left today is full. Please choose a time on another day.';
export const KITCHEN_FULL = 'The kitchen is full right now, so we cannot take an order at your table. Please try again in a few minutes.';
export const slotFull = (time: string) => `The ${time} pickup slot is full. Please choose another time.`;
export const SLOT_TOO_SOON = 'Your pickup time is now too soon for the kitchen. Please choose a later time.';
export const NOT_SCANNED = 'Scan the QR code on your table to order for it: this code is not (or no longer) that table’s.';
export const tooBig = (phone: string) => `Your order is more than the kitchen can make for one pickup time. Please split it into smaller orders, or call us on ${phone}.`;

/** The pickup rules at `now`: the settings' hours and kitchen, with busy mode's extra preparation time. */
function rulesOf({ settings, state }: OrderingContext, now: Date): PickupRules {
  return {
    schedule: settings.schedule,
    prepMinutes: settings.pickup.prepMinutes + busyMinutes(state, now),
    slotMinutes: settings.pickup.slotMinutes,
    capacity: settings.pickup.capacity,
  };
}

export async function pickupRules(now = clockNow()): Promise<PickupRules> {
  return rulesOf(await orderingContext(now), now);
}

/** Whether the slot at `time`, holding `held` (a day's load per slot), has room for an order of `load` units. */
const hasRoom = (held: Map<string, number>, time: string, load: number, rules: PickupRules) => (held.get(time) ?? 0) + load <= rules.capacity;

async function slotsOf(date: string, now: Date, rules: PickupRules, load: number): Promise<PickupSlot[]> {
  const times = pickupTimesOn(date, now, rules);
  if (!times.length) return [];
  const held = await loadPerSlot(date);
  return times.map((time) => ({ time, available: hasRoom(held, time, load, rules) }));
}

/** The first of the soonest times (soonestTimes) with room for `load`, or null. */
async function soonestWithRoom(now: Date, rules: PickupRules, load: number): Promise<{ date: string; time: string } | null> {
  const held = new Map<string, Map<string, number>>();
  for (const slot of soonestTimes(now, rules)) {
    if (!held.has(slot.date)) held.set(slot.date, await loadPerSlot(slot.date));
    if (hasRoom(held.get(slot.date)!, slot.time, load, rules)) return slot;
  }
  return null;
}

/** Every slot of `date` still ahead, with whether it has room for an order of `load` units. Public: anybody may ask when to collect. */
export async function pickupSlots(date: string, now = clockNow(), load = 1): Promise<PickupSlot[]> {
  return slotsOf(date, now, await pickupRules(now), load);
}

/** The first slot from today with room for `load`, if any in the days pickup can be scheduled for. */
async function nextWithRoom(now: Date, rules: PickupRules, load: number): Promise<{ date: string; time: string } | null> {
  for (const day of pickupDays(now, rules)) {
    const slot = (await slotsOf(day.date, now, rules, load)).find((s) => s.available);
    if (slot) return { date: day.date, time: slot.time };
  }
  return null;
}

/**
 * The days pickup can be scheduled for, whether "as soon as possible" can be offered, and the
 * first day with a time that still has room for this order (tomorrow once today's last times are
 * too soon or full). With them, the slots read to find that day, by date: today's and each day up
 * to the first with room, the days the payment page opens on.
 */
export async function pickupOptions(now = clockNow(), load = 1): Promise<{ options: PickupOptions; slots: Map<string, PickupSlot[]> }> {
  const context = await orderingContext(now);
  const rules = rulesOf(context, now);
  const days = pickupDays(now, rules);
  const slots = new Map<string, PickupSlot[]>();
  let firstDate: string | undefined;
  for (const day of days) {
    // A closed day, or one whose times have all passed, has no slots.
    const daySlots = await slotsOf(day.date, now, rules, load);
    slots.set(day.date, daySlots);
    if (daySlots.some((slot) => slot.available)) {
      firstDate = day.date;
      break;
    }
  }
  const today = days[0]!.date;
  const todaySlots = slots.get(today) ?? [];
  const held = todaySlots.length && !todaySlots.some((s) => s.available) ? await loadPerSlot(today) : null;
  const tooBigToday = Boolean(held && todaySlots.some((s) => hasRoom(held, s.time, 1, rules)));
  return {
    options: {
      days,
      openNow: closedNowReason(context, now, 'asap') === null,
      ...(firstDate ? { firstDate } : {}),
      ...(tooBigToday ? { tooBigToday } : {}),
      ...(load > rules.capacity ? { tooBig: true } : {}),
    },
    slots,
  };
}

/** The 409 for an order of `load` units that none of the soonest times has room for: too big, or every time full. */
async function noRoomToday(now: Date, rules: PickupRules, load: number, phone: string, full: string): Promise<HttpError> {
  if (load > rules.capacity) return new HttpError(409, tooBig(phone));
  if (!(await soonestWithRoom(now, rules, 1))) return new HttpError(409, full);
  const next = await nextWithRoom(now, rules, load);
  const today = zonedClock(now, rules.schedule.timeZone).today;
  const offer = next ? ` The next time with room for it is ${dayPhrase(next.date, today)} at ${next.time}: please choose it.` : '';
  return new HttpError(409, `Your order is too big for any pickup time left today.${offer}`);
}

/** A refusal when no order at all is taken now (off, paused, no kitchen display). */
function assertTakingOrders(context: OrderingContext, now: Date): void {
  const stopped = stoppedReason(context, now);
  if (stopped) throw new HttpError(409, stopped);
}

/**
 * The diner's choice as the order will keep it, for an order of `load` kitchen units: 403 for a
 * table without its QR code's token, 400 for a table the restaurant does not have, 409 when the
 * restaurant does not take it now or no slot has room.
 */
export async function chooseFulfilment(choice: FulfilmentChoice, now = clockNow(), load = 1): Promise<Fulfilment> {
  if (choice.kind === 'table') {
    if (!(await isTable(choice.table))) throw new HttpError(400, `There is no table ${choice.table} here. Please check the number on your table.`);
    if (!(await isTableToken(choice.table, choice.token, now))) throw new HttpError(403, NOT_SCANNED);
  }
  const context = await orderingContext(now);
  assertTakingOrders(context, now);
  const rules = rulesOf(context, now);
  const { phone } = context.settings.restaurant;
  if (choice.kind === 'pickup') {
    const refused = pickupRefusal(choice.date, choice.time, now, rules);
    if (refused) throw new HttpError(409, refused);
    if (load > rules.capacity) throw new HttpError(409, tooBig(phone));
    const slot = (await slotsOf(choice.date, now, rules, load)).find((s) => s.time === choice.time);
    if (!slot?.available) throw new HttpError(409, slotFull(choice.time));
    return { ...choice, asap: false };
  }
  const closed = closedNowReason(context, now, choice.kind);
  if (closed) throw new HttpError(409, closed);
  const earliest = await soonestWithRoom(now, rules, load);
  if (choice.kind === 'table') {
    if (!earliest) throw load > rules.capacity ? new HttpError(409, tooBig(phone)) : new HttpError(409, KITCHEN_FULL);
    return { kind: 'table', table: choice.table };
  }
  if (!earliest) throw await noRoomToday(now, rules, load, phone, ASAP_FULL);
  return { kind: 'pickup', ...earliest, asap: true };
}

/**
 * Takes the order's place in the kitchen just before the money is taken: its pickup slot, or for
 * "as soon as possible" and a table the earliest slot with room now (resolved again; after the
 * day's last slot, tomorrow's first while the hours run on past midnight). 409 when
 * the restaurant stopped taking orders, closed, or filled meanwhile, and for a table when its
 * token is not the table's for this service day. Safe to repeat for one payment: it holds one
 * place, and a place already held is kept.
 */
export async function holdFulfilment(transactionId: string, fulfilment: Fulfilment | undefined, load = 1, now = clockNow(), tableToken?: string): Promise<Fulfilment | undefined> {
  if (!fulfilment) return fulfilment;
  // A table order is taken only with the table's token of this service day (its QR code scanned today, not replaced since).
  if (fulfilment.kind === 'table' && !(await isTableToken(fulfilment.table, tableToken, now))) throw new HttpError(409, NOT_SCANNED);
  const held = await slotHeldBy(transactionId);
  const context = await orderingContext(now);
  const rules = rulesOf(context, now);
  const today = zonedClock(now, rules.schedule.timeZone).today;
  if (fulfilment.kind === 'pickup' && !fulfilment.asap) {
    const slot = pickupSlotKey(fulfilment.date, fulfilment.time);
    if (held === slot) return fulfilment;
    // The diner chose another time since a place was taken (a declined card, then a new choice).
    if (held) await releaseSlot(transactionId);
    assertTakingOrders(context, now);
    if (!pickupTimes(rules.schedule, fulfilment.date, rules.slotMinutes).includes(fulfilment.time)) {
      throw new HttpError(409, pickupRefusal(fulfilment.date, fulfilment.time, now, rules) ?? SLOT_TOO_SOON);
    }
    if (!pickupTimesOn(fulfilment.date, now, rules).includes(fulfilment.time)) throw new HttpError(409, SLOT_TOO_SOON);
    if (!(await takeSlot(slot, transactionId, load, rules.capacity))) throw new HttpError(409, slotFull(fulfilment.time));
    return fulfilment;
  }
  const resolved = (date: string, time: string): Fulfilment => (fulfilment.kind === 'table' ? fulfilment : { ...fulfilment, date, time });
  const soonest = soonestTimes(now, rules);
  // A repeated confirmation keeps the place it took today (or past midnight, in tonight's stretch).
  if (held && (held.startsWith(`${today} `) || soonest.some((slot) => pickupSlotKey(slot.date, slot.time) === held))) {
    const [date = today, time = ''] = held.split(' ');
    return resolved(date, time);
  }
  if (held) await releaseSlot(transactionId);
  const closed = closedNowReason(context, now, fulfilment.kind === 'table' ? 'table' : 'asap');
  if (closed) throw new HttpError(409, closed);
  for (const { date, time } of soonest) {
    if (await takeSlot(pickupSlotKey(date, time), transactionId, load, rules.capacity)) return resolved(date, time);
  }
  const { phone } = context.settings.restaurant;
  if (fulfilment.kind === 'table') throw new HttpError(409, load > rules.capacity ? tooBig(phone) : KITCHEN_FULL);
  throw await noRoomToday(now, rules, load, phone, ASAP_FULL);
}

/** Gives back the place the payment holds, wherever it is: a declined card, a voided payment, a cancelled order. Safe to repeat. */
export async function releaseFulfilment(transactionId: string): Promise<void> {
  await releaseSlot(transactionId);
}


/**
 * The fulfilment an order records: for pickup, the slot its payment actually holds ("as soon as
 * possible" resolved; whatever a record's copy says). Unchanged when it holds none.
 */
export async function heldFulfilment(transactionId: string, fulfilment: Fulfilment | undefined): Promise<Fulfilment | undefined> {
  if (fulfilment?.kind !== 'pickup') return fulfilment;
  const held = await slotHeldBy(transactionId);
  if (!held) return fulfilment;
  const [date = fulfilment.date, time = fulfilment.time] = held.split(' ');
  return { ...fulfilment, date, time };
}
