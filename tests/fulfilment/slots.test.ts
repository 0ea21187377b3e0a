/** The pickup time rules the payment page and the server share, on a fixed clock. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseClosedDays, pickupRules, type PickupRules } from '@/lib/fulfilment/config';
import { byPickupSlot, dayLabel, fulfilmentLabel } from '@/lib/fulfilment/labels';
import { isClosedOn, isOpenAt, pickupDays, pickupRefusal, pickupTimes, pickupTimesOn } from '@/lib/fulfilment/slots';
import { restaurantClock } from '@/lib/reservations/calendar';

const hours = { opens: '11:00', closes: '22:00' };
const rules: PickupRules = { hours, prepMinutes: 20, ordersPerSlot: 6, closed: { weekdays: [], dates: [] } };
/** Friday 10 May 2030, 13:05 on the restaurant's clock. */
const clock = { today: '2030-05-10', minutes: 13 * 60 + 5 };

describe('pickup times', () => {
  it('are every quarter hour inside opening hours, the last one starting 15 minutes before closing', () => {
    const times = pickupTimes(hours);
    expect(times[0]).toBe('11:00');
    expect(times.slice(0, 3)).toEqual(['11:00', '11:15', '11:30']);
    expect(times.at(-1)).toBe('21:45');
    expect(times).toHaveLength(44);
  });

  it('start on the first quarter hour after an opening off the grid, and stop at midnight for late closing', () => {
    expect(pickupTimes({ opens: '11:10', closes: '12:00' })).toEqual(['11:15', '11:30', '11:45']);
    expect(pickupTimes({ opens: '23:00', closes: '01:00' })).toEqual(['23:00', '23:15', '23:30', '23:45']);
    expect(pickupTimes({ opens: '11:00', closes: '11:10' })).toEqual([]);
  });

  it('today start no sooner than now plus the preparation time; later days from opening', () => {
    // 13:05 + 20 minutes = 13:25: the first slot is 13:30.
    expect(pickupTimesOn(clock.today, clock, rules)[0]).toBe('13:30');
    expect(pickupTimesOn(clock.today, { ...clock, minutes: 13 * 60 + 10 }, rules)[0]).toBe('13:30');
    expect(pickupTimesOn(clock.today, { ...clock, minutes: 13 * 60 + 11 }, rules)[0]).toBe('13:45');
    expect(pickupTimesOn(clock.today, clock, { ...rules, prepMinutes: 45 })[0]).toBe('14:00');
    expect(pickupTimesOn('2030-05-11', clock, rules)[0]).toBe('11:00');
  });

  it('offer the last slot before closing while it is still far enough ahead, and nothing after', () => {
    expect(pickupTimesOn(clock.today, { ...clock, minutes: 21 * 60 + 25 }, rules)).toEqual(['21:45']);
    expect(pickupTimesOn(clock.today, { ...clock, minutes: 21 * 60 + 26 }, rules)).toEqual([]);
  });

  it('run from today to seven days ahead, and none on a past day', () => {
    expect(pickupTimesOn('2030-05-17', clock, rules)).toHaveLength(44);
    expect(pickupTimesOn('2030-05-18', clock, rules)).toEqual([]);
    expect(pickupTimesOn('2030-05-09', clock, rules)).toEqual([]);
    expect(pickupDays(clock, rules).map((d) => d.date)).toEqual([
      '2030-05-10',
      '2030-05-11',
      '2030-05-12',
      '2030-05-13',
      '2030-05-14',
      '2030-05-15',
      '2030-05-16',
      '2030-05-17',
    ]);
  });

  it('carry a preparation time past midnight into the next day', () => {
    const late = { today: '2030-05-10', minutes: 23 * 60 + 50 };
    const allDay = { ...rules, hours: { opens: '00:00', closes: '00:00' } };
    expect(pickupTimesOn('2030-05-10', late, allDay)).toEqual([]);
    expect(pickupTimesOn('2030-05-11', late, allDay)[0]).toBe('00:15');
  });
});

describe('closed days', () => {
  it('are read from weekday names and dates, ignoring anything else', () => {
    expect(parseClosedDays('Sun, monday,2030-12-25, funday, mon, 25/12')).toEqual({ weekdays: [0, 1], dates: ['2030-12-25'] });
    expect(parseClosedDays(undefined)).toEqual({ weekdays: [], dates: [] });
  });

  it('have no pickup times, and are marked closed among the days', () => {
    // 2030-05-12 is a Sunday.
    const closed = { ...rules, closed: parseClosedDays('sun,2030-05-14') };
    expect(isClosedOn('2030-05-12', closed.closed)).toBe(true);
    expect(pickupTimesOn('2030-05-12', clock, closed)).toEqual([]);
    expect(pickupTimesOn('2030-05-14', clock, closed)).toEqual([]);
    expect(pickupTimesOn('2030-05-13', clock, closed)).toHaveLength(44);
    expect(pickupDays(clock, closed).filter((d) => d.closed).map((d) => d.date)).toEqual(['2030-05-12', '2030-05-14']);
  });

  it('keep the restaurant closed all day, so "as soon as possible" is off', () => {
    expect(isOpenAt(clock, rules)).toBe(true);
    expect(isOpenAt(clock, { ...rules, closed: parseClosedDays('fri') })).toBe(false);
  });
});

describe('open now', () => {
  it('is from opening to closing, not before or after', () => {
    expect(isOpenAt({ ...clock, minutes: 10 * 60 + 59 }, rules)).toBe(false);
    expect(isOpenAt({ ...clock, minutes: 11 * 60 }, rules)).toBe(true);
    expect(isOpenAt({ ...clock, minutes: 21 * 60 + 59 }, rules)).toBe(true);
    expect(isOpenAt({ ...clock, minutes: 22 * 60 }, rules)).toBe(false);
  });
});

describe('a chosen slot', () => {
  it.each([
    ['malformed', '2030-5-11', '12:00', 'date', 'Choose a pickup date (YYYY-MM-DD).'],
    ['a date that does not exist', '2030-02-30', '12:00', 'date', 'Choose a pickup date (YYYY-MM-DD).'],
    ['in the past', '2030-05-09', '12:00', 'date', 'That date has passed. Choose today or a later day.'],
    ['more than a week ahead', '2030-05-18', '12:00', 'date', 'Pickup can be scheduled up to 7 days ahead.'],
    ['off the 15-minute grid', '2030-05-11', '12:07', 'time', 'Choose a pickup time from 11:00 to 21:45, on the quarter hour.'],
    ['before opening', '2030-05-11', '10:45', 'time', 'Choose a pickup time from 11:00 to 21:45, on the quarter hour.'],
    ['at closing', '2030-05-11', '22:00', 'time', 'Choose a pickup time from 11:00 to 21:45, on the quarter hour.'],
    ['not a time', '2030-05-11', 'noon', 'time', 'Choose a pickup time from 11:00 to 21:45, on the quarter hour.'],
    ['earlier today', '2030-05-10', '12:00', 'time', 'That time has passed today. Choose a later time.'],
    ['too soon for the kitchen', '2030-05-10', '13:15', 'time', 'That time is too soon: the kitchen needs 20 minutes. Choose a later time.'],
  ])('is refused when %s', (_name, date, time, field, message) => {
    expect(pickupRefusal(date, time, clock, rules)).toEqual({ field, message });
  });

  it('is refused on a closed day, naming it', () => {
    expect(pickupRefusal('2030-05-12', '12:00', clock, { ...rules, closed: parseClosedDays('sun') })).toEqual({
      field: 'date',
      message: 'We are closed on Sunday, 12 May 2030. Choose another day.',
    });
  });

  it('is taken when ahead, on the grid and inside hours', () => {
    expect(pickupRefusal('2030-05-10', '13:30', clock, rules)).toBeNull();
    expect(pickupRefusal('2030-05-17', '21:45', clock, rules)).toBeNull();
  });
});

describe("the restaurant's time zone (TZ)", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('decides the day and the minute, so the same instant offers other slots in another zone', () => {
    const instant = new Date('2030-05-10T20:05:00Z');
    process.env.TZ = 'America/Los_Angeles';
    const portland = restaurantClock(instant);
    expect(portland).toEqual({ today: '2030-05-10', minutes: 13 * 60 + 5 });
    expect(pickupTimesOn(portland.today, portland, rules)[0]).toBe('13:30');
    expect(isOpenAt(portland, rules)).toBe(true);

    process.env.TZ = 'Asia/Tokyo';
    const tokyo = restaurantClock(instant);
    expect(tokyo).toEqual({ today: '2030-05-11', minutes: 5 * 60 + 5 });
    expect(isOpenAt(tokyo, rules)).toBe(false);
    expect(pickupTimesOn(tokyo.today, tokyo, rules)[0]).toBe('11:00');
    expect(pickupTimesOn('2030-05-10', tokyo, rules)).toEqual([]);
  });
});

describe('pickup rules from the environment', () => {
  it('default to 20 minutes and 6 orders a slot, and ignore values that are not whole numbers in range', () => {
    expect(pickupRules({})).toMatchObject({ prepMinutes: 20, ordersPerSlot: 6, closed: { weekdays: [], dates: [] } });
    expect(pickupRules({ PREP_MINUTES: '45', ORDERS_PER_SLOT: '3', CLOSED_DAYS: 'mon' })).toMatchObject({ prepMinutes: 45, ordersPerSlot: 3, closed: { weekdays: [1] } });
    expect(pickupRules({ PREP_MINUTES: '0' }).prepMinutes).toBe(0);
    expect(pickupRules({ PREP_MINUTES: '-5', ORDERS_PER_SLOT: '0' })).toMatchObject({ prepMinutes: 20, ordersPerSlot: 6 });
    expect(pickupRules({ PREP_MINUTES: '2.5', ORDERS_PER_SLOT: 'lots' })).toMatchObject({ prepMinutes: 20, ordersPerSlot: 6 });
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
