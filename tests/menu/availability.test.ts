/**
 * The availability rule on a fixed clock, in a time zone with summer time (New York: it begins
 * on Sunday 10 March 2030, 02:00 becoming 03:00, and ends on Sunday 3 November 2030, 02:00
 * becoming 01:00 again), as the pages, the cart and the server all judge it.
 */
import { describe, expect, it } from 'vitest';
import { choiceVerdict, dishVerdict, lineProblems, nextServed, orderInstant, scheduleText, servedAt, verdictLine, type MenuAvailability } from '@/lib/menu/availability';
import type { MenuSchedule } from '@/lib/menu/types';
import { zonedClock, zonedInstant } from '@/lib/settings/schedule';
import { WEEKDAYS, type Weekday } from '@/lib/settings/types';

const ZONE = 'America/New_York';
const nyc = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstant(date, h! * 60 + m!, ZONE)!;
};
const clockAt = (date: string, time: string) => zonedClock(nyc(date, time), ZONE);
const schedule = (days: readonly Weekday[], ...windows: [string, string, boolean?][]): MenuSchedule => ({
  days: [...days],
  windows: windows.map(([opens, closes, overnight = false]) => ({ opens, closes, overnight })),
});
const WEEKDAYS_ONLY = WEEKDAYS.slice(0, 5);

/** A menu state of one dish, 'dish', in `category`. */
function state(dish: Partial<MenuAvailability['dishes'][string]> = {}, sections: MenuAvailability['sections'] = {}): MenuAvailability {
  return { timeZone: ZONE, date: '2030-05-10', sections, dishes: { dish: { category: 'soup', ...dish } } };
}

describe('a window past midnight: the bar menu, Friday and Saturday 22:00 to 02:00', () => {
  const bar = schedule(['friday', 'saturday'], ['22:00', '02:00', true]);

  it('serves into the next day from the day it opens on, and not from a day it is not on', () => {
    expect(servedAt(bar, clockAt('2030-05-10', '21:59'))).toBe(false);
    expect(servedAt(bar, clockAt('2030-05-10', '22:00'))).toBe(true);
    // Saturday 01:30 is Friday night's.
    expect(servedAt(bar, clockAt('2030-05-11', '01:30'))).toBe(true);
    expect(servedAt(bar, clockAt('2030-05-11', '02:00'))).toBe(false);
    // Sunday 01:00 is Saturday night's; Monday 01:00 would be Sunday's, which has none.
    expect(servedAt(bar, clockAt('2030-05-12', '01:00'))).toBe(true);
    expect(servedAt(bar, clockAt('2030-05-13', '01:00'))).toBe(false);
  });

  it('says when it is next served: tonight at 22:00, and from Sunday night, next Friday', () => {
    expect(nextServed([bar], clockAt('2030-05-10', '15:00'))).toEqual({ date: '2030-05-10', minutes: 22 * 60 });
    expect(nextServed([bar], clockAt('2030-05-12', '03:00'))).toEqual({ date: '2030-05-17', minutes: 22 * 60 });
    const line = verdictLine(dishVerdict(state({ schedule: bar }), 'dish', nyc('2030-05-12', '03:00')), ZONE, nyc('2030-05-12', '03:00'));
    expect(line).toBe('From Friday at 22:00');
    expect(scheduleText(bar)).toBe('Fri, Sat 22:00–02:00');
  });
});

describe('the day summer time begins (Sunday 10 March 2030: 02:00 becomes 03:00)', () => {
  const lateNight = schedule(['saturday'], ['23:00', '02:30', true]);
  const breakfast = schedule(WEEKDAYS, ['07:00', '11:00']);

  it('a window that runs into the skipped hour ends at the change: served at 01:59, not one minute later (03:00)', () => {
    const last = nyc('2030-03-10', '01:59');
    const next = new Date(last.getTime() + 60_000);
    expect(zonedClock(next, ZONE)).toEqual({ today: '2030-03-10', minutes: 3 * 60 });
    expect(dishVerdict(state({ schedule: lateNight }), 'dish', last)).toEqual({ ok: true });
    expect(dishVerdict(state({ schedule: lateNight }), 'dish', next)).toMatchObject({ ok: false, why: 'schedule' });
  });

  it('breakfast opens at 07:00 on the wall clock that morning, an hour fewer after midnight', () => {
    expect(servedAt(breakfast, clockAt('2030-03-10', '06:59'))).toBe(false);
    expect(servedAt(breakfast, clockAt('2030-03-10', '07:00'))).toBe(true);
    expect(nyc('2030-03-10', '07:00').getTime() - nyc('2030-03-10', '00:00').getTime()).toBe(6 * 3_600_000);
    expect(verdictLine(dishVerdict(state({ schedule: breakfast }), 'dish', nyc('2030-03-10', '00:30')), ZONE, nyc('2030-03-10', '00:30'))).toBe('From 07:00');
  });
});

describe('the day summer time ends (Sunday 3 November 2030: 02:00 becomes 01:00 again)', () => {
  const earlyHours = schedule(['sunday'], ['01:00', '02:00']);

  it('serves through both 01:30s, and not at 02:00', () => {
    const first = nyc('2030-11-03', '01:30');
    const second = new Date(first.getTime() + 3_600_000);
    expect(zonedClock(second, ZONE)).toEqual({ today: '2030-11-03', minutes: 90 });
    expect(dishVerdict(state({ schedule: earlyHours }), 'dish', first)).toEqual({ ok: true });
    expect(dishVerdict(state({ schedule: earlyHours }), 'dish', second)).toEqual({ ok: true });
    expect(dishVerdict(state({ schedule: earlyHours }), 'dish', new Date(second.getTime() + 30 * 60_000))).toMatchObject({ ok: false, why: 'schedule' });
  });

  it('a pickup at 01:30 that morning is judged at the first 01:30', () => {
    expect(orderInstant({ kind: 'pickup', date: '2030-11-03', time: '01:30', asap: false }, ZONE, new Date(0))).toEqual(nyc('2030-11-03', '01:30'));
  });
});

describe('a schedule on the section and one on the dish: the stricter wins', () => {
  // Lunch on weekdays 11:30 to 14:30; the dish itself from noon to 22:00 every day.
  const lunch = schedule(WEEKDAYS_ONLY, ['11:30', '14:30']);
  const noonOn = schedule(WEEKDAYS, ['12:00', '22:00']);
  const both = state({ schedule: noonOn }, { soup: lunch });

  it('is served only when both serve', () => {
    expect(dishVerdict(both, 'dish', nyc('2030-05-10', '11:45'))).toMatchObject({ ok: false, why: 'schedule', from: { date: '2030-05-10', minutes: 12 * 60 } });
    expect(dishVerdict(both, 'dish', nyc('2030-05-10', '12:00'))).toEqual({ ok: true });
    expect(dishVerdict(both, 'dish', nyc('2030-05-10', '15:00'))).toMatchObject({ ok: false, why: 'schedule' });
    // Saturday: the dish is on, its section is not.
    expect(dishVerdict(both, 'dish', nyc('2030-05-11', '13:00'))).toMatchObject({ ok: false, why: 'schedule', from: { date: '2030-05-13', minutes: 12 * 60 } });
  });

  it('says so in the words of the card and of the cart', () => {
    const friday = nyc('2030-05-10', '15:00');
    expect(verdictLine(dishVerdict(both, 'dish', friday), ZONE, friday)).toBe('From Monday at 12:00');
    const problems = lineProblems(both, [{ menuId: 'dish', name: 'Leek soup', options: [], quantity: 1 }], friday);
    expect(problems.get(0)).toBe('Leek soup is not served at 15:00 (it is served from Monday at 12:00). Please choose another time, or remove it.');
  });

  it('judges a breakfast dish at the time the order is for: not for tonight, yes for tomorrow at 08:30', () => {
    const breakfast = state({ schedule: schedule(WEEKDAYS, ['07:00', '11:00']) });
    const tonight = nyc('2030-05-09', '20:00');
    const tomorrow = orderInstant({ kind: 'pickup', date: '2030-05-10', time: '08:30', asap: false }, ZONE, tonight);
    expect(dishVerdict(breakfast, 'dish', orderInstant({ kind: 'asap' }, ZONE, tonight))).toMatchObject({ ok: false, why: 'schedule' });
    expect(dishVerdict(breakfast, 'dish', tomorrow)).toEqual({ ok: true });
    expect(verdictLine(dishVerdict(breakfast, 'dish', tonight), ZONE, tonight)).toBe('From tomorrow at 07:00');
  });
});

describe('counts and 86s', () => {
  it('an option out of stock on a dish that is in stock: the dish can be had, that choice cannot', () => {
    const pizza = state({ left: 5, options: [{ group: 'Topping', choice: 'Truffle', left: 0 }, { group: 'Topping', choice: 'Olives', left: 2 }] });
    const at = nyc('2030-05-10', '19:00');
    expect(dishVerdict(pizza, 'dish', at)).toEqual({ ok: true, left: 5 });
    expect(choiceVerdict(pizza, 'dish', 'Topping', 'Truffle', at)).toEqual({ ok: false, why: 'count', left: 0 });
    expect(choiceVerdict(pizza, 'dish', 'Topping', 'Basil', at)).toEqual({ ok: true });
    const problems = lineProblems(pizza, [
      { menuId: 'dish', name: 'Margherita', options: [{ group: 'Topping', choices: ['Truffle'] }], quantity: 1 },
      { menuId: 'dish', name: 'Margherita', options: [{ group: 'Topping', choices: ['Olives'] }], quantity: 1 },
    ], at);
    expect([...problems]).toEqual([[0, 'Truffle (Topping, Margherita) is sold out. Please choose again.']]);
    expect(verdictLine(dishVerdict(pizza, 'dish', at), ZONE, at)).toBe('Only 5 left');
    expect(verdictLine(dishVerdict(state({ left: 6 }), 'dish', at), ZONE, at)).toBeNull();
  });

  it('two lines of one dish share its count', () => {
    const special = state({ left: 3 });
    const lines = [2, 2].map((quantity) => ({ menuId: 'dish', name: 'Daily special', options: [], quantity }));
    const problems = lineProblems(special, lines, nyc('2030-05-10', '19:00'));
    expect(problems.get(0)).toBe('Only 3 of Daily special are left. Please order no more than that.');
    expect(lineProblems(special, lines.slice(1), nyc('2030-05-10', '19:00')).size).toBe(0);
  });

  it('an 86 until a time is over at that time, judged at the time the order is for', () => {
    const until = nyc('2030-05-11', '12:00').toISOString();
    const off = state({ off: { until } });
    const now = nyc('2030-05-10', '19:00');
    expect(dishVerdict(off, 'dish', now)).toEqual({ ok: false, why: 'off', until });
    expect(verdictLine(dishVerdict(off, 'dish', now), ZONE, now)).toBe('Sold out, back tomorrow at 12:00');
    expect(dishVerdict(off, 'dish', nyc('2030-05-11', '12:00'))).toEqual({ ok: true });
    expect(verdictLine(dishVerdict(state({ off: { until: null } }), 'dish', now), ZONE, now)).toBe('Sold out');
  });
});
