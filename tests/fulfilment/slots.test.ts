/** The pickup time rules the payment page and the server share, on a fixed clock, with a fresh database's settings. */
import { describe, expect, it } from 'vitest';
import type { PickupRules } from '@/lib/fulfilment/config';
import { byPickupSlot, dayLabel, fulfilmentLabel } from '@/lib/fulfilment/labels';
import { pickupDateRefusal, pickupDays, pickupRefusal, pickupTimes, pickupTimesOn, soonestTimes } from '@/lib/fulfilment/slots';
import { defaultSettings, parseClosedDays } from '@/lib/settings/defaults';
import { isOpenAt, zonedClock, zonedInstant } from '@/lib/settings/schedule';
import type { Schedule } from '@/lib/settings/types';

const ZONE = 'America/Los_Angeles';
/** Every day 11:00 to 22:00, as a database nobody has saved settings in has it. */
const schedule: Schedule = defaultSettings({ TZ: ZONE }).schedule;
const rules: PickupRules = { schedule, prepMinutes: 20, slotMinutes: 15, capacity: 6 };
/** A wall time in the restaurant's zone, as the instant it is. */
const at = (date: string, hours: number, minutes: number) => zonedInstant(date, hours * 60 + minutes, ZONE)!;
/** Friday 10 May 2030, 13:05 on the restaurant's clock. */
const now = at('2030-05-10', 13, 5);
const closedOn = (...dates: string[]) => ({ ...rules, schedule: { ...schedule, closures: dates.map((date) => ({ from: date, to: date, note: '' })) } });

describe('pickup times', () => {
  it('are every quarter hour inside opening hours, the last one starting 15 minutes before closing', () => {
    const times = pickupTimes(schedule, '2030-05-11', 15);
    expect(times.slice(0, 3)).toEqual(['11:00', '11:15', '11:30']);
    expect(times.at(-1)).toBe('21:45');
    expect(times).toHaveLength(44);
  });

  it('start on the first grid time after an opening off the grid, and run past midnight into the next day', () => {
    const hours = (opens: string, closes: string, overnight = false) => ({ ...schedule, hours: { ...schedule.hours, saturday: [{ opens, closes, overnight }] } });
    expect(pickupTimes(hours('11:10', '12:00'), '2030-05-11', 15)).toEqual(['11:15', '11:30', '11:45']);
    expect(pickupTimes(hours('23:00', '01:00', true), '2030-05-11', 15)).toEqual(['23:00', '23:15', '23:30', '23:45']);
    expect(pickupTimes(hours('23:00', '01:00', true), '2030-05-12', 15).slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '11:00']);
    expect(pickupTimes(hours('11:00', '11:10'), '2030-05-11', 15)).toEqual([]);
  });

  it('today start no sooner than now plus the preparation time; later days from opening', () => {
    // 13:05 + 20 minutes = 13:25: the first slot is 13:30.
    expect(pickupTimesOn('2030-05-10', now, rules)[0]).toBe('13:30');
    expect(pickupTimesOn('2030-05-10', at('2030-05-10', 13, 10), rules)[0]).toBe('13:30');
    expect(pickupTimesOn('2030-05-10', at('2030-05-10', 13, 11), rules)[0]).toBe('13:45');
    expect(pickupTimesOn('2030-05-10', now, { ...rules, prepMinutes: 45 })[0]).toBe('14:00');
    expect(pickupTimesOn('2030-05-11', now, rules)[0]).toBe('11:00');
  });

  it('offer the last slot before closing while it is still far enough ahead, and nothing after', () => {
    expect(pickupTimesOn('2030-05-10', at('2030-05-10', 21, 25), rules)).toEqual(['21:45']);
    expect(pickupTimesOn('2030-05-10', at('2030-05-10', 21, 26), rules)).toEqual([]);
  });

  it('run from today to seven days ahead, and none on a past day', () => {
    expect(pickupTimesOn('2030-05-17', now, rules)).toHaveLength(44);
    expect(pickupTimesOn('2030-05-18', now, rules)).toEqual([]);
    expect(pickupTimesOn('2030-05-09', now, rules)).toEqual([]);
    expect(pickupDays(now, rules).map((d) => d.date)).toEqual(['2030-05-10', '2030-05-11', '2030-05-12', '2030-05-13', '2030-05-14', '2030-05-15', '2030-05-16', '2030-05-17']);
  });

  it('carry a preparation time past midnight into the next day', () => {
    const allDay = { ...rules, schedule: defaultSettings({ TZ: ZONE, NEXT_PUBLIC_HOURS_OPEN: '00:00', NEXT_PUBLIC_HOURS_CLOSE: '00:00' }).schedule };
    const late = at('2030-05-10', 23, 50);
    expect(pickupTimesOn('2030-05-10', late, allDay)).toEqual([]);
    expect(pickupTimesOn('2030-05-11', late, allDay)[0]).toBe('00:15');
  });

  it('for "as soon as possible" and tables run on past midnight while the hours do, and stop at a closing', () => {
    const allDay = { ...rules, schedule: defaultSettings({ TZ: ZONE, NEXT_PUBLIC_HOURS_OPEN: '00:00', NEXT_PUBLIC_HOURS_CLOSE: '00:00' }).schedule };
    const late = at('2030-05-10', 23, 50);
    expect(soonestTimes(late, allDay).slice(0, 2)).toEqual([{ date: '2030-05-11', time: '00:15' }, { date: '2030-05-11', time: '00:30' }]);
    expect(soonestTimes(at('2030-05-10', 23, 20), allDay).slice(0, 2)).toEqual([{ date: '2030-05-10', time: '23:45' }, { date: '2030-05-11', time: '00:00' }]);
    // Open 23:00 to 01:00 overnight on Friday: tonight's times are those to 00:45, not Saturday's next opening.
    const overnight = { ...rules, schedule: { ...schedule, hours: { ...schedule.hours, friday: [{ opens: '23:00', closes: '01:00', overnight: true }] } } };
    expect(soonestTimes(late, overnight)).toEqual([{ date: '2030-05-11', time: '00:15' }, { date: '2030-05-11', time: '00:30' }, { date: '2030-05-11', time: '00:45' }]);
    // Closing at 22:00, nothing is left after the last slot, and nothing of tomorrow is offered.
    expect(soonestTimes(at('2030-05-10', 21, 30), rules)).toEqual([]);
    expect(soonestTimes(now, rules)[0]).toEqual({ date: '2030-05-10', time: '13:30' });
    expect(soonestTimes(now, rules).at(-1)).toEqual({ date: '2030-05-10', time: '21:45' });
  });

  it('follow the slot length the settings give', () => {
    expect(pickupTimes(schedule, '2030-05-11', 60)).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
  });
});

describe('closed days', () => {
  it('from CLOSED_DAYS are weekday names and dates, anything else ignored', () => {
    expect(parseClosedDays('Sun, monday,2030-12-25, funday, mon, 25/12')).toEqual({ weekdays: ['sunday', 'monday'], dates: ['2030-12-25'] });
    expect(parseClosedDays(undefined)).toEqual({ weekdays: [], dates: [] });
    const closed = defaultSettings({ TZ: ZONE, CLOSED_DAYS: 'sun,2030-05-14' }).schedule;
    expect(closed.hours.sunday).toEqual([]);
    expect(closed.closures).toEqual([{ from: '2030-05-14', to: '2030-05-14', note: '' }]);
  });

  it('have no pickup times, and are marked closed among the days, with their note', () => {
    // 2030-05-12 is a Sunday.
    const closed = { ...rules, schedule: { ...defaultSettings({ TZ: ZONE, CLOSED_DAYS: 'sun' }).schedule, closures: [{ from: '2030-05-14', to: '2030-05-14', note: 'Staff training' }] } };
    expect(pickupTimesOn('2030-05-12', now, closed)).toEqual([]);
    expect(pickupTimesOn('2030-05-14', now, closed)).toEqual([]);
    expect(pickupTimesOn('2030-05-13', now, closed)).toHaveLength(44);
    expect(pickupDays(now, closed).filter((d) => d.closed)).toEqual([
      { date: '2030-05-12', closed: true },
      { date: '2030-05-14', closed: true, note: 'Staff training' },
    ]);
  });

  it('keep the restaurant closed all day, so "as soon as possible" is off', () => {
    expect(isOpenAt(schedule, zonedClock(now, ZONE))).toBe(true);
    expect(isOpenAt(closedOn('2030-05-10').schedule, zonedClock(now, ZONE))).toBe(false);
  });
});

describe('open now', () => {
  it('is from opening to closing, not before or after', () => {
    const open = (hours: number, minutes: number) => isOpenAt(schedule, zonedClock(at('2030-05-10', hours, minutes), ZONE));
    expect(open(10, 59)).toBe(false);
    expect(open(11, 0)).toBe(true);
    expect(open(21, 59)).toBe(true);
    expect(open(22, 0)).toBe(false);
  });
});

describe('a chosen slot', () => {
  it.each([
    ['malformed', '2030-5-11', 'Choose a pickup date (YYYY-MM-DD).'],
    ['a date that does not exist', '2030-02-30', 'Choose a pickup date (YYYY-MM-DD).'],
    ['in the past', '2030-05-09', 'That date has passed. Choose today or a later day.'],
    ['more than a week ahead', '2030-05-18', 'Pickup can be scheduled up to 7 days ahead.'],
  ])('is malformed (400) when its date is %s', (_name, date, message) => {
    expect(pickupDateRefusal(date, zonedClock(now, ZONE))).toBe(message);
  });

  const outside = 'We have no pickup at {t} on Saturday, 11 May 2030: pickup that day is from 11:00 to 21:45. Please choose one of those times.';
  it.each([
    ['off the 15-minute grid', '2030-05-11', '12:07', outside.replace('{t}', '12:07')],
    ['before opening', '2030-05-11', '10:45', outside.replace('{t}', '10:45')],
    ['at closing', '2030-05-11', '22:00', outside.replace('{t}', '22:00')],
    ['earlier today', '2030-05-10', '12:00', 'That time has passed today. Please choose a later time.'],
    ['too soon for the kitchen', '2030-05-10', '13:15', 'That time is too soon: the kitchen needs 20 minutes. Please choose a later time.'],
  ])('is refused (409) when %s, saying when pickup is', (_name, date, time, message) => {
    expect(pickupRefusal(date, time, now, rules)).toBe(message);
  });

  it('is refused on a closed day, naming it and when we open again', () => {
    expect(pickupRefusal('2030-05-12', '12:00', now, closedOn('2030-05-12'))).toBe('We are closed on Sunday, 12 May 2030. We open again Monday at 11:00. Please choose another day.');
  });

  it('is taken when ahead, on the grid and inside hours', () => {
    expect(pickupRefusal('2030-05-10', '13:30', now, rules)).toBeNull();
    expect(pickupRefusal('2030-05-17', '21:45', now, rules)).toBeNull();
  });
});

describe("the restaurant's time zone", () => {
  it('decides the day and the minute, so the same instant offers other slots in another zone', () => {
    const instant = new Date('2030-05-10T20:05:00Z');
    const portland = zonedClock(instant, 'America/Los_Angeles');
    expect(portland).toEqual({ today: '2030-05-10', minutes: 13 * 60 + 5 });
    expect(pickupTimesOn(portland.today, instant, rules)[0]).toBe('13:30');
    expect(isOpenAt(schedule, portland)).toBe(true);

    const tokyo = { ...rules, schedule: { ...schedule, timeZone: 'Asia/Tokyo' } };
    const clock = zonedClock(instant, 'Asia/Tokyo');
    expect(clock).toEqual({ today: '2030-05-11', minutes: 5 * 60 + 5 });
    expect(isOpenAt(tokyo.schedule, clock)).toBe(false);
    expect(pickupTimesOn(clock.today, instant, tokyo)[0]).toBe('11:00');
    expect(pickupTimesOn('2030-05-10', instant, tokyo)).toEqual([]);
  });
});

describe('the settings of a fresh database, from the environment', () => {
  it('default to 20 minutes and 6 load units a slot, and ignore values that are not whole numbers in range', () => {
    const pickup = (env: Record<string, string>) => defaultSettings(env).pickup;
    expect(pickup({})).toEqual({ prepMinutes: 20, slotMinutes: 15, capacity: 6 });
    expect(pickup({ PREP_MINUTES: '45', ORDERS_PER_SLOT: '3' })).toMatchObject({ prepMinutes: 45, capacity: 3 });
    expect(pickup({ PREP_MINUTES: '0' }).prepMinutes).toBe(0);
    expect(pickup({ PREP_MINUTES: '-5', ORDERS_PER_SLOT: '0' })).toMatchObject({ prepMinutes: 20, capacity: 6 });
    expect(pickup({ PREP_MINUTES: '2.5', ORDERS_PER_SLOT: 'lots' })).toMatchObject({ prepMinutes: 20, capacity: 6 });
  });

  it('take the time zone from TZ when it names one, and hours that close past midnight as a window past midnight', () => {
    expect(defaultSettings({ TZ: 'Europe/Paris' }).schedule.timeZone).toBe('Europe/Paris');
    expect(defaultSettings({ TZ: 'Nowhere/Special' }).schedule.timeZone).not.toBe('Nowhere/Special');
    expect(defaultSettings({ NEXT_PUBLIC_HOURS_OPEN: '18:00', NEXT_PUBLIC_HOURS_CLOSE: '01:00' }).schedule.hours.friday).toEqual([{ opens: '18:00', closes: '01:00', overnight: true }]);
  });
});

describe('labels', () => {
  it('name a fulfilment the way the kitchen and the lists do', () => {
    expect(fulfilmentLabel({ kind: 'table', table: 7 })).toBe('Table 7');
    expect(fulfilmentLabel({ kind: 'pickup', date: '2030-05-10', time: '18:15', asap: false })).toBe('Pickup 18:15');
    expect(dayLabel('2030-05-10', '2030-05-10')).toBe('Today');
    expect(dayLabel('2030-05-11', '2030-05-10')).toBe('Tomorrow');
    expect(dayLabel('2030-05-12', '2030-05-10')).toBe('Sun 12 May');
  });

  it('list pickup orders by slot, soonest first, then the others as they were', () => {
    const pickup = (id: string, date: string, time: string) => ({ id, fulfilment: { kind: 'pickup' as const, date, time, asap: false } });
    const orders = [
      { id: 'table', fulfilment: { kind: 'table' as const, table: 3 } },
      pickup('late', '2030-05-10', '19:00'),
      { id: 'old' },
      pickup('tomorrow', '2030-05-11', '11:00'),
      pickup('soon', '2030-05-10', '12:15'),
    ];
    expect(byPickupSlot(orders).map((o) => o.id)).toEqual(['soon', 'late', 'tomorrow', 'table', 'old']);
    expect(byPickupSlot(orders, (o) => o.id !== 'late').map((o) => o.id)).toEqual(['soon', 'tomorrow', 'table', 'late', 'old']);
  });
});
