/** The days of a report's periods and the ranges it accepts: calendar arithmetic, and where a day of the restaurant's zone starts and ends, DST days included. */
import { describe, expect, it } from 'vitest';
import { dayRange, dayStart } from '@/lib/pagination/days';
import { periodDays, periodOf, rangeRefusal } from '@/lib/reports/periods';
import { dayOf } from '@/lib/stats/rollups';

describe('periodDays', () => {
  it('today and yesterday are one day; yesterday of the 1st is the last day of the month before', () => {
    expect(periodDays('today', '2024-06-12')).toEqual({ from: '2024-06-12', to: '2024-06-12' });
    expect(periodDays('yesterday', '2024-03-01')).toEqual({ from: '2024-02-29', to: '2024-02-29' });
    expect(periodDays('yesterday', '2025-01-01')).toEqual({ from: '2024-12-31', to: '2024-12-31' });
  });

  it('this week runs from Monday to today, across a month or a year', () => {
    // Wednesday 12 June 2024; Monday 10 June; a Sunday belongs to the week that began six days before.
    expect(periodDays('week', '2024-06-12')).toEqual({ from: '2024-06-10', to: '2024-06-12' });
    expect(periodDays('week', '2024-06-10')).toEqual({ from: '2024-06-10', to: '2024-06-10' });
    expect(periodDays('week', '2024-06-16')).toEqual({ from: '2024-06-10', to: '2024-06-16' });
    expect(periodDays('week', '2025-01-02')).toEqual({ from: '2024-12-30', to: '2025-01-02' });
  });

  it('this month runs from the 1st to today', () => {
    expect(periodDays('month', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodDays('month', '2024-06-01')).toEqual({ from: '2024-06-01', to: '2024-06-01' });
  });

  it('periodOf names a range that is a period of today, and no other', () => {
    expect(periodOf({ from: '2024-06-10', to: '2024-06-12' }, '2024-06-12')).toBe('week');
    expect(periodOf({ from: '2024-06-12', to: '2024-06-12' }, '2024-06-12')).toBe('today');
    expect(periodOf({ from: '2024-06-01', to: '2024-06-12' }, '2024-06-12')).toBe('month');
    expect(periodOf({ from: '2024-06-01', to: '2024-06-11' }, '2024-06-12')).toBeNull();
  });
});

describe('rangeRefusal', () => {
  it('takes a day, a range in order, and up to the day before the same date three years on', () => {
    expect(rangeRefusal({ from: '2024-06-01', to: '2024-06-01' })).toBeNull();
    expect(rangeRefusal({ from: '2021-01-01', to: '2023-12-31' })).toBeNull();
    expect(rangeRefusal({ from: '2021-01-01', to: '2024-01-01' })).toMatch(/at most 3 years/);
    // From 29 February, three years on is 1 March: the last day is 28 February 2027.
    expect(rangeRefusal({ from: '2024-02-29', to: '2027-02-28' })).toBeNull();
    expect(rangeRefusal({ from: '2024-02-29', to: '2027-03-01' })).toMatch(/before 2027-03-01/);
  });

  it('refuses reversed ranges and dates that are not days', () => {
    expect(rangeRefusal({ from: '2024-06-02', to: '2024-06-01' })).toBe('from must not be after to');
    expect(rangeRefusal({ from: '2023-02-29', to: '2023-03-01' })).toMatch(/must be dates/);
    expect(rangeRefusal({ from: '2024-06-01', to: '2024-6-2' })).toMatch(/must be dates/);
  });
});

describe("a day of the restaurant's zone, as the report counts it", () => {
  const hours = ({ $gte, $lt }: { $gte?: Date; $lt?: Date }) => ($lt!.getTime() - $gte!.getTime()) / 3_600_000;

  it('the day summer time starts has 23 hours and the day it ends 25, in New York and in Paris', () => {
    expect(hours(dayRange({ from: '2024-03-10', to: '2024-03-10' }, 'America/New_York')!)).toBe(23);
    expect(hours(dayRange({ from: '2024-11-03', to: '2024-11-03' }, 'America/New_York')!)).toBe(25);
    expect(hours(dayRange({ from: '2024-03-31', to: '2024-03-31' }, 'Europe/Paris')!)).toBe(23);
    expect(hours(dayRange({ from: '2024-10-27', to: '2024-10-27' }, 'Europe/Paris')!)).toBe(25);
    expect(hours(dayRange({ from: '2024-03-01', to: '2024-03-31' }, 'Europe/Paris')!)).toBe(31 * 24 - 1);
  });

  it('an order paid just before and just after local midnight counts on two days, whatever UTC says', () => {
    const start = dayStart('2024-11-04', 'America/New_York');
    expect(start.toISOString()).toBe('2024-11-04T05:00:00.000Z');
    expect(dayOf(new Date(start.getTime() - 1), 'America/New_York')).toBe('2024-11-03');
    expect(dayOf(start, 'America/New_York')).toBe('2024-11-04');
    // 23:30 in Auckland on 31 December is still 2024 there, and 10:30 UTC.
    expect(dayOf(new Date('2024-12-31T10:30:00Z'), 'Pacific/Auckland')).toBe('2024-12-31');
    expect(dayOf(new Date('2024-12-31T11:30:00Z'), 'Pacific/Auckland')).toBe('2025-01-01');
  });
});
