/**
 * The hours on a fixed clock: split windows, a window past midnight, closures and special hours,
 * and the two days a year the clocks change, in a time zone that has them (New York: summer time
 * begins on 10 March 2030 at 02:00, which becomes 03:00, and ends on 3 November 2030 at 02:00,
 * which becomes 01:00 again).
 */
import { describe, expect, it } from 'vitest';
import { pickupRefusal, pickupTimes, pickupTimesOn } from '@/lib/fulfilment/slots';
import type { PickupRules } from '@/lib/fulfilment/config';
import { closingAfter, isOpenAt, nextOpening, openSpans, weekLines, weekText, zonedClock, zonedInstant } from '@/lib/settings/schedule';
import { closedNowReason, orderingStatus, stoppedReason, type OrderingContext } from '@/lib/settings/status';
import type { OpeningWindow, RestaurantSettings, Schedule, WeekHours } from '@/lib/settings/types';
import { defaultSettings } from '@/lib/settings/defaults';

const ZONE = 'America/New_York';
const w = (opens: string, closes: string, overnight = false): OpeningWindow => ({ opens, closes, overnight });
const lunchAndDinner = [w('12:00', '14:30'), w('18:00', '22:00')];

/** Closed on Mondays; lunch and dinner Tuesday to Friday; Saturday dinner until 01:00; Sunday brunch. */
const week: WeekHours = {
  monday: [],
  tuesday: lunchAndDinner,
  wednesday: lunchAndDinner,
  thursday: lunchAndDinner,
  friday: lunchAndDinner,
  saturday: [w('18:00', '01:00', true)],
  sunday: [w('10:00', '14:00')],
};
const schedule = (changes: Partial<Schedule> = {}): Schedule => ({ timeZone: ZONE, hours: week, closures: [], specialHours: [], ...changes });
/** A wall time in New York, as the instant it is. */
const nyc = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstant(date, h! * 60 + m!, ZONE)!;
};
const clockAt = (date: string, time: string) => zonedClock(nyc(date, time), ZONE);

function context(s: Schedule, changes: Partial<OrderingContext> = {}): OrderingContext {
  const settings: RestaurantSettings = { ...defaultSettings({}), schedule: s };
  return { settings, state: { pause: null, busy: null }, kitchenAway: false, ...changes };
}
const statusAt = (s: Schedule, date: string, time: string, changes?: Partial<OrderingContext>) => orderingStatus(context(s, changes), nyc(date, time));
const rules = (s: Schedule, changes: Partial<PickupRules> = {}): PickupRules => ({ schedule: s, prepMinutes: 20, slotMinutes: 15, capacity: 6, ...changes });

describe('split windows (Friday 10 May 2030)', () => {
  it('are open inside either window and closed between them', () => {
    expect(isOpenAt(schedule(), clockAt('2030-05-10', '12:00'))).toBe(true);
    expect(isOpenAt(schedule(), clockAt('2030-05-10', '14:29'))).toBe(true);
    expect(isOpenAt(schedule(), clockAt('2030-05-10', '14:30'))).toBe(false);
    expect(isOpenAt(schedule(), clockAt('2030-05-10', '17:59'))).toBe(false);
    expect(isOpenAt(schedule(), clockAt('2030-05-10', '21:59'))).toBe(true);
  });

  it('read as the status line: open until the window ends, closed until the next one opens', () => {
    expect(statusAt(schedule(), '2030-05-10', '13:05')).toEqual({ open: true, stopped: false, text: 'Open now until 14:30', changesAt: nyc('2030-05-10', '14:30').toISOString() });
    expect(statusAt(schedule(), '2030-05-10', '15:00')).toMatchObject({ open: false, stopped: false, text: 'Closed, opens today at 18:00', changesAt: nyc('2030-05-10', '18:00').toISOString() });
    // Monday is closed: Sunday afternoon waits for Tuesday's lunch.
    expect(statusAt(schedule(), '2030-05-12', '15:00').text).toBe('Closed, opens Tuesday at 12:00');
    expect(statusAt(schedule(), '2030-05-13', '11:00').text).toBe('Closed, opens tomorrow at 12:00');
  });

  it('give pickup times in each window, the last a slot before it closes', () => {
    const times = pickupTimes(schedule(), '2030-05-10', 15);
    expect(times.slice(0, 2)).toEqual(['12:00', '12:15']);
    expect(times).toContain('14:15');
    expect(times).not.toContain('14:30');
    expect(times).not.toContain('17:45');
    expect(times.slice(-1)).toEqual(['21:45']);
    expect(pickupTimes(schedule(), '2030-05-10', 30)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30']);
  });

  it('refuse a pickup time between the windows with 409 words that name the day\'s times', () => {
    const refused = pickupRefusal('2030-05-10', '16:00', nyc('2030-05-10', '09:00'), rules(schedule()));
    expect(refused).toBe('We have no pickup at 16:00 on Friday, 10 May 2030: pickup that day is from 12:00 to 14:15 and from 18:00 to 21:45. Please choose one of those times.');
    expect(pickupRefusal('2030-05-13', '12:00', nyc('2030-05-10', '09:00'), rules(schedule()))).toBe('We are closed on Monday, 13 May 2030. We open again Tuesday at 12:00. Please choose another day.');
  });

  it('summarise the week for the footer, and a single daily window as the home page always said it', () => {
    expect(weekLines(week)).toEqual([
      { days: 'Mon', hours: 'closed' },
      { days: 'Tue–Fri', hours: '12.00pm to 2.30pm and 6.00pm to 10.00pm' },
      { days: 'Sat', hours: '6.00pm to 1.00am' },
      { days: 'Sun', hours: '10.00am to 2.00pm' },
    ]);
    expect(weekText(defaultSettings({}).schedule.hours)).toBe('From 11.00am to 10.00pm');
    expect(weekText(defaultSettings({ NEXT_PUBLIC_HOURS_OPEN: '00:00', NEXT_PUBLIC_HOURS_CLOSE: '00:00' }).schedule.hours)).toBe('Open 24 hours, every day');
  });
});

describe('a window past midnight (Saturday 18:00 to 01:00)', () => {
  it('keeps the restaurant open into Sunday, and says until when', () => {
    expect(isOpenAt(schedule(), clockAt('2030-05-11', '23:30'))).toBe(true);
    expect(isOpenAt(schedule(), clockAt('2030-05-12', '00:30'))).toBe(true);
    expect(isOpenAt(schedule(), clockAt('2030-05-12', '01:00'))).toBe(false);
    expect(statusAt(schedule(), '2030-05-11', '23:30').text).toBe('Open now until tomorrow at 01:00');
    expect(statusAt(schedule(), '2030-05-12', '00:30').text).toBe('Open now until 01:00');
    expect(closingAfter(schedule(), clockAt('2030-05-11', '19:00'))).toEqual({ date: '2030-05-12', minutes: 60 });
  });

  it("gives Sunday's first pickup times from Saturday's window, and Sunday's own later", () => {
    const sunday = pickupTimes(schedule(), '2030-05-12', 15);
    expect(sunday.slice(0, 4)).toEqual(['00:00', '00:15', '00:30', '00:45']);
    expect(sunday[4]).toBe('10:00');
    expect(pickupTimes(schedule(), '2030-05-11', 15).at(-1)).toBe('23:45');
  });

  it('is not opening time at midnight: the next opening after Saturday night is Sunday 10:00', () => {
    expect(nextOpening(schedule(), clockAt('2030-05-12', '02:00'))).toEqual({ date: '2030-05-12', minutes: 600 });
    expect(nextOpening(schedule(), clockAt('2030-05-11', '16:00'))).toEqual({ date: '2030-05-11', minutes: 18 * 60 });
  });

  it('goes with its own day: closing Saturday removes it all, closing Sunday leaves its early hours', () => {
    const saturdayClosed = schedule({ closures: [{ from: '2030-05-11', to: '2030-05-11', note: '' }] });
    expect(isOpenAt(saturdayClosed, clockAt('2030-05-12', '00:30'))).toBe(false);
    const sundayClosed = schedule({ closures: [{ from: '2030-05-12', to: '2030-05-12', note: '' }] });
    expect(isOpenAt(sundayClosed, clockAt('2030-05-12', '00:30'))).toBe(true);
    expect(isOpenAt(sundayClosed, clockAt('2030-05-12', '11:00'))).toBe(false);
    expect(openSpans(sundayClosed, '2030-05-12')).toEqual([{ start: 0, end: 60 }]);
  });
});

describe('closures and special hours', () => {
  const holidays = schedule({
    closures: [{ from: '2030-12-24', to: '2030-12-26', note: 'Closed for the holidays until 27 December' }],
    specialHours: [{ date: '2030-12-31', windows: [w('19:00', '02:00', true)], note: 'New Year’s Eve dinner' }],
  });

  it('shut every day of a range, and the status line carries their note', () => {
    for (const date of ['2030-12-24', '2030-12-25', '2030-12-26']) expect(openSpans(holidays, date)).toEqual([]);
    expect(statusAt(holidays, '2030-12-25', '13:00')).toMatchObject({ open: false, text: 'Closed, opens Friday at 12:00', note: 'Closed for the holidays until 27 December' });
    expect(pickupRefusal('2030-12-25', '12:00', nyc('2030-12-23', '09:00'), rules(holidays))).toBe(
      'We are closed on Wednesday, 25 December 2030 (Closed for the holidays until 27 December). We open again Friday at 12:00. Please choose another day.',
    );
  });

  it('replace the weekday\'s hours on their date only, past midnight too', () => {
    // 31 December 2030 is a Tuesday: 19:00 to 02:00 instead of lunch and dinner.
    expect(openSpans(holidays, '2030-12-31')).toEqual([{ start: 19 * 60, end: 24 * 60 }]);
    expect(openSpans(holidays, '2031-01-01')).toEqual([{ start: 0, end: 120 }, { start: 12 * 60, end: 14 * 60 + 30 }, { start: 18 * 60, end: 22 * 60 }]);
    expect(openSpans(holidays, '2031-01-07')).toEqual([{ start: 12 * 60, end: 14 * 60 + 30 }, { start: 18 * 60, end: 22 * 60 }]);
  });

  it('far ahead are still found: the next opening after a closure of months', () => {
    const season = schedule({ closures: [{ from: '2030-11-01', to: '2031-03-31', note: 'Closed for the winter' }] });
    expect(nextOpening(season, clockAt('2030-11-01', '12:00'))).toEqual({ date: '2031-04-01', minutes: 12 * 60 });
    expect(statusAt(season, '2030-11-01', '12:00').text).toBe('Closed, opens Tuesday 1 April at 12:00');
  });
});

describe('pause, busy mode and safe failure', () => {
  const now = nyc('2030-05-10', '19:00');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it('a pause stops every order and says when it ends; it ends by itself', () => {
    const paused = context(schedule(), { state: { pause: { until: later(30) }, busy: null } });
    expect(orderingStatus(paused, now)).toMatchObject({ open: false, stopped: true, text: 'Online ordering is paused, back at 19:30', changesAt: later(30) });
    expect(stoppedReason(paused, now)).toBe('Online ordering is paused, back at 19:30. Please try again then.');
    expect(stoppedReason(paused, new Date(now.getTime() + 30 * 60_000))).toBeNull();
    const pastMidnight = context(schedule(), { state: { pause: { until: new Date(nyc('2030-05-10', '23:50').getTime() + 15 * 60_000).toISOString() }, busy: null } });
    expect(stoppedReason(pastMidnight, nyc('2030-05-10', '23:50'))).toBe('Online ordering is paused, back tomorrow at 00:05. Please try again then.');
    const untilResumed = context(schedule(), { state: { pause: { until: null }, busy: null } });
    expect(orderingStatus(untilResumed, nyc('2031-01-01', '12:00')).text).toBe('Online ordering is paused');
  });

  it('busy mode is said while it lasts', () => {
    const busy = context(schedule(), { state: { pause: null, busy: { extraMinutes: 20, until: later(60) } } });
    expect(orderingStatus(busy, now).text).toBe('Open now until 22:00. The kitchen is busy: allow 20 minutes more');
    expect(orderingStatus(busy, new Date(now.getTime() + 61 * 60_000)).text).toBe('Open now until 22:00');
  });

  it('no kitchen display pauses ordering, and a closed restaurant says when it opens', () => {
    expect(orderingStatus(context(schedule(), { kitchenAway: true }), now)).toMatchObject({ open: false, stopped: true, text: 'Online ordering is paused' });
    expect(closedNowReason(context(schedule()), nyc('2030-05-10', '16:00'), 'asap')).toBe(
      'We are closed right now, so "as soon as possible" is not on offer. We open today at 18:00: please choose a pickup time.',
    );
    expect(closedNowReason(context(schedule()), nyc('2030-05-13', '19:00'), 'table')).toBe('We are closed right now, so we cannot take an order at your table. We open tomorrow at 12:00.');
  });
});

describe('the day summer time begins (Sunday 10 March 2030, 02:00 becomes 03:00)', () => {
  // Saturday closed here, so nothing runs over into Sunday's night.
  const night = schedule({ hours: { ...week, saturday: [], sunday: [w('01:00', '04:00')] } });

  it('reads the clock on both sides of the change', () => {
    expect(zonedClock(new Date('2030-03-10T06:59:00Z'), ZONE)).toEqual({ today: '2030-03-10', minutes: 60 + 59 });
    expect(zonedClock(new Date('2030-03-10T07:00:00Z'), ZONE)).toEqual({ today: '2030-03-10', minutes: 3 * 60 });
    expect(zonedInstant('2030-03-10', 2 * 60 + 30, ZONE)).toBeNull();
    expect(zonedInstant('2030-03-10', 3 * 60, ZONE)?.toISOString()).toBe('2030-03-10T07:00:00.000Z');
  });

  it('offers no pickup time the clocks skip, and the window is two real hours long', () => {
    expect(pickupTimes(night, '2030-03-10', 15)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30', '03:45']);
    expect(pickupTimes(night, '2030-03-17', 15)).toHaveLength(12);
    const open = nyc('2030-03-10', '01:30');
    expect(statusAt(night, '2030-03-10', '01:30')).toMatchObject({ text: 'Open now until 04:00', changesAt: '2030-03-10T08:00:00.000Z' });
    expect(open.toISOString()).toBe('2030-03-10T06:30:00.000Z');
  });

  it('counts the preparation time in real minutes: 01:50 plus 20 minutes is 03:10', () => {
    expect(pickupTimesOn('2030-03-10', nyc('2030-03-10', '01:50'), rules(night))).toEqual(['03:15', '03:30', '03:45']);
  });
});

describe('the day summer time ends (Sunday 3 November 2030, 02:00 becomes 01:00)', () => {
  const night = schedule({ hours: { ...week, saturday: [], sunday: [w('00:30', '03:00')] } });

  it('reads 01:30 twice, and takes the first when asked for the instant', () => {
    expect(zonedClock(new Date('2030-11-03T05:30:00Z'), ZONE)).toEqual({ today: '2030-11-03', minutes: 90 });
    expect(zonedClock(new Date('2030-11-03T06:30:00Z'), ZONE)).toEqual({ today: '2030-11-03', minutes: 90 });
    expect(zonedInstant('2030-11-03', 90, ZONE)?.toISOString()).toBe('2030-11-03T05:30:00.000Z');
  });

  it('offers each pickup time once, and is open through both 01:30s', () => {
    const times = pickupTimes(night, '2030-11-03', 30);
    expect(times).toEqual(['00:30', '01:00', '01:30', '02:00', '02:30']);
    expect(isOpenAt(night, zonedClock(new Date('2030-11-03T05:30:00Z'), ZONE))).toBe(true);
    expect(isOpenAt(night, zonedClock(new Date('2030-11-03T06:30:00Z'), ZONE))).toBe(true);
    expect(statusAt(night, '2030-11-03', '01:30')).toMatchObject({ text: 'Open now until 03:00', changesAt: '2030-11-03T08:00:00.000Z' });
  });

  it('counts the preparation time in real minutes: the first 01:50 plus 20 minutes is the second 01:10', () => {
    expect(pickupTimesOn('2030-11-03', new Date('2030-11-03T05:50:00Z'), rules(night, { slotMinutes: 5 }))[0]).toBe('01:10');
  });
});
