import { closingAfter, closureOn, clockText, dayPhrase, instantOf, isOpenAt, nextOpening, zonedClock, type WallTime } from './schedule';
import type { OrderingState, OrderingStatus, RestaurantSettings } from './types';

/**
 * Whether online orders are taken at a moment, and the words for it: the status line diners read
 * on the menu and order pages, and the 409 the payment rules answer. Pure, on a clock the caller
 * passes, so the rules can be tested at any hour of any day.
 */

/** What decides it: the settings, what the kitchen set, and whether a kitchen display is connected. */
export interface OrderingContext {
  settings: RestaurantSettings;
  state: OrderingState;
  /** Safe failure has paused ordering: no kitchen display for too long during opening hours. */
  kitchenAway: boolean;
}

/** The pause in force at `now`, if any: its end, or null until resumed. */
export function activePause(state: OrderingState, now: Date): { until: Date | null } | null {
  if (!state.pause) return null;
  if (state.pause.until === null) return { until: null };
  const until = new Date(state.pause.until);
  return until > now ? { until } : null;
}

/** What the kitchen set that is still in force at `now`: a pause or busy mode that ran out reads as none. */
export function stateAt(state: OrderingState, now: Date): OrderingState {
  return { pause: activePause(state, now) ? state.pause : null, busy: busyMinutes(state, now) ? state.busy : null };
}

/** Minutes busy mode adds to the preparation time at `now` (0 when it is off or over). */
export function busyMinutes(state: OrderingState, now: Date): number {
  return state.busy && new Date(state.busy.until) > now ? state.busy.extraMinutes : 0;
}

/** 'at 19:30', or 'tomorrow at 00:15' when the instant is not today on the restaurant's clock. */
function atPhrase(at: Date, timeZone: string, now: Date): string {
  const clock = zonedClock(at, timeZone);
  const today = zonedClock(now, timeZone).today;
  return clock.today === today ? `at ${clockText(clock.minutes)}` : `${dayPhrase(clock.today, today)} at ${clockText(clock.minutes)}`;
}

/** 'today at 18:00', 'Tuesday at 12:00'. */
function openingPhrase(opening: WallTime, today: string): string {
  return `${dayPhrase(opening.date, today)} at ${clockText(opening.minutes)}`;
}

const callUs = (phone: string) => `call us on ${phone}`;

/**
 * Why no order at all is taken at `now` (ordering off, paused by hand or by safe failure), or
 * null when orders may be taken, for now or for later.
 */
export function stoppedReason({ settings, state, kitchenAway }: OrderingContext, now: Date): string | null {
  const { phone } = settings.restaurant;
  if (!settings.ordering.enabled) return `We are not taking orders online right now. Please ${callUs(phone)}.`;
  const pause = activePause(state, now);
  if (pause?.until) return `Online ordering is paused, back ${atPhrase(pause.until, settings.schedule.timeZone, now)}. Please try again then.`;
  if (pause) return `Online ordering is paused. Please try again later, or ${callUs(phone)}.`;
  if (kitchenAway) return `Online ordering is paused: the kitchen is not connected right now. Please try again shortly, or ${callUs(phone)}.`;
  return null;
}

/** Why an order for now (as soon as possible, or at a table) is refused at `now`, or null: stopped, or closed, saying when it opens. */
export function closedNowReason(context: OrderingContext, now: Date, what: 'asap' | 'table'): string | null {
  const stopped = stoppedReason(context, now);
  if (stopped) return stopped;
  const { schedule } = context.settings;
  const clock = zonedClock(now, schedule.timeZone);
  if (isOpenAt(schedule, clock)) return null;
  const opening = nextOpening(schedule, clock);
  const when = opening ? `We open ${openingPhrase(opening, clock.today)}` : 'We have no opening hours set';
  return what === 'asap'
    ? `We are closed right now, so "as soon as possible" is not on offer. ${when}: please choose a pickup time.`
    : `We are closed right now, so we cannot take an order at your table. ${when}.`;
}

/** The status line of the menu and order pages at `now`. */
export function orderingStatus(context: OrderingContext, now: Date): OrderingStatus {
  const { settings, state, kitchenAway } = context;
  const { schedule } = settings;
  const clock = zonedClock(now, schedule.timeZone);
  const open = isOpenAt(schedule, clock);
  const opening = open ? null : nextOpening(schedule, clock);
  const closure = closureOn(schedule, clock.today);
  const note = closure?.note ? { note: closure.note } : {};
  const changes: Date[] = [];
  const finish = (status: Omit<OrderingStatus, 'changesAt'>): OrderingStatus => {
    const next = changes.filter((at) => at > now).sort((a, b) => a.getTime() - b.getTime())[0];
    return { ...status, ...(next ? { changesAt: next.toISOString() } : {}) };
  };

  if (!settings.ordering.enabled) return finish({ open: false, stopped: true, text: 'Online ordering is off' });
  const pause = activePause(state, now);
  const openingAt = opening ? instantOf(opening, schedule.timeZone) : null;
  // A pause that ends before the next opening changes nothing a diner can do: the hours say more.
  if (pause && (open || !pause.until || !openingAt || pause.until > openingAt)) {
    if (pause.until) changes.push(pause.until);
    const text = pause.until ? `Online ordering is paused, back ${atPhrase(pause.until, schedule.timeZone, now)}` : 'Online ordering is paused';
    return finish({ open: false, stopped: true, text, ...note });
  }
  if (open && kitchenAway) return finish({ open: false, stopped: true, text: 'Online ordering is paused' });

  if (open) {
    const closing = closingAfter(schedule, clock);
    if (closing) changes.push(instantOf(closing, schedule.timeZone));
    const extra = busyMinutes(state, now);
    if (extra && state.busy) changes.push(new Date(state.busy.until));
    const until = closing ? ` until ${closing.date === clock.today ? clockText(closing.minutes) : openingPhrase(closing, clock.today)}` : '';
    const busy = extra ? `. The kitchen is busy: allow ${extra} minutes more` : '';
    return finish({ open: true, stopped: false, text: `Open now${until}${busy}`, ...note });
  }
  if (openingAt) changes.push(openingAt);
  const text = opening ? `Closed, opens ${openingPhrase(opening, clock.today)}` : 'Closed until further notice';
  return finish({ open: false, stopped: false, text, ...note });
}
