import { site, type OpeningHours } from '@/lib/config/site';

/**
 * The kitchen's pickup rules from the environment (server only: the variables are not
 * NEXT_PUBLIC_), read on every call so a test can change them.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Days the restaurant takes no pickup orders: weekdays (0 is Sunday) and single dates. */
export interface ClosedDays {
  weekdays: number[];
  dates: string[];
}

export interface PickupRules {
  hours: OpeningHours;
  /** Minutes the kitchen needs: the earliest slot starts no sooner than now plus this. */
  prepMinutes: number;
  /** Paid orders one 15-minute slot may hold. */
  ordersPerSlot: number;
  closed: ClosedDays;
}

function wholeNumber(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value?.trim() || fallback);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** 'sun,sat,2030-12-25' (weekday names or their first three letters, and YYYY-MM-DD dates); anything else is ignored. */
export function parseClosedDays(value: string | undefined): ClosedDays {
  const closed: ClosedDays = { weekdays: [], dates: [] };
  for (const token of (value ?? '').toLowerCase().split(',').map((t) => t.trim())) {
    const weekday = WEEKDAYS.findIndex((day) => token === day || token === day.slice(0, 3));
    if (weekday >= 0 && !closed.weekdays.includes(weekday)) closed.weekdays.push(weekday);
    else if (/^\d{4}-\d{2}-\d{2}$/.test(token)) closed.dates.push(token);
  }
  return closed;
}

export function pickupRules(env: Record<string, string | undefined> = process.env): PickupRules {
  return {
    hours: site.hours,
    prepMinutes: wholeNumber(env.PREP_MINUTES, 20, 0, 24 * 60),
    ordersPerSlot: wholeNumber(env.ORDERS_PER_SLOT, 6, 1, 1000),
    closed: parseClosedDays(env.CLOSED_DAYS),
  };
}
