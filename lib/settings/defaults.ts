import { isCalendarDate } from '@/lib/reservations/calendar';
import { MAX_TABLES } from '@/lib/tables/table-mode';
import { isTimeZone } from './schedule';
import { WEEKDAYS, type OpeningWindow, type RestaurantSettings, type Weekday } from './types';

/**
 * The settings of a database nobody has saved any in yet, from the environment (see
 * docs/operations.md): a deployment configured by variables keeps its name, hours and limits on
 * its first start, and from then on the dashboard rules. The variables are read from `env` at run
 * time, never inlined into a bundle, so a NEXT_PUBLIC_ name here reaches no browser.
 */

type Env = Record<string, string | undefined>;

function text(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function hhmm(value: string | undefined, fallback: string): string {
  const v = text(value, fallback);
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : fallback;
}

function whole(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value?.trim() || fallback);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

const SHORT: Record<string, Weekday> = Object.fromEntries(WEEKDAYS.flatMap((day) => [[day, day], [day.slice(0, 3), day]]));

/** CLOSED_DAYS: weekday names ('mon' or 'monday') and dates ('2030-12-25'), comma separated; anything else is ignored. */
export function parseClosedDays(value: string | undefined): { weekdays: Weekday[]; dates: string[] } {
  const closed = { weekdays: [] as Weekday[], dates: [] as string[] };
  for (const token of (value ?? '').toLowerCase().split(',').map((t) => t.trim())) {
    const weekday = SHORT[token];
    if (weekday && !closed.weekdays.includes(weekday)) closed.weekdays.push(weekday);
    else if (isCalendarDate(token)) closed.dates.push(token);
  }
  return closed;
}

/** The zone of TZ when it names one, else this machine's. */
function defaultTimeZone(env: Env): string {
  const tz = env.TZ?.trim().replace(/^:/, '');
  if (tz && isTimeZone(tz)) return tz;
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return local && isTimeZone(local) ? local : 'UTC';
}

/** `tableCount`: what the Tables page saved before the settings were one document (migration 026). */
export function defaultSettings(env: Env = process.env, tableCount?: number): RestaurantSettings {
  const opens = hhmm(env.NEXT_PUBLIC_HOURS_OPEN, '11:00');
  const closes = hhmm(env.NEXT_PUBLIC_HOURS_CLOSE, '22:00');
  const window: OpeningWindow = { opens, closes, overnight: closes !== '00:00' && closes <= opens };
  const closed = parseClosedDays(env.CLOSED_DAYS);
  return {
    restaurant: {
      name: text(env.NEXT_PUBLIC_BRAND, 'Bistro Boss'),
      tagline: text(env.NEXT_PUBLIC_TAGLINE, 'Restaurant'),
      phone: text(env.NEXT_PUBLIC_PHONE, '+1 (555) 010-2024'),
      email: text(env.NEXT_PUBLIC_CONTACT_EMAIL, 'hello@bistro.test'),
      address: {
        street: text(env.NEXT_PUBLIC_ADDRESS_STREET, '123 Harbor Street'),
        city: text(env.NEXT_PUBLIC_ADDRESS_CITY, 'Portland'),
        postalCode: text(env.NEXT_PUBLIC_ADDRESS_POSTAL_CODE, '97201'),
        country: text(env.NEXT_PUBLIC_ADDRESS_COUNTRY, 'US'),
      },
      social: {
        microblog: text(env.NEXT_PUBLIC_SOCIAL_MICROBLOG, 'https://x.com/'),
        video: text(env.NEXT_PUBLIC_SOCIAL_VIDEO, 'https://www.youtube.com/'),
        network: text(env.NEXT_PUBLIC_SOCIAL_NETWORK, 'https://www.facebook.com/'),
      },
    },
    schedule: {
      timeZone: defaultTimeZone(env),
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, closed.weekdays.includes(day) ? [] : [{ ...window }]])) as RestaurantSettings['schedule']['hours'],
      closures: closed.dates.map((date) => ({ from: date, to: date, note: '' })),
      specialHours: [],
    },
    ordering: { enabled: true, pauseWithoutKitchenMinutes: 0, guests: true },
    pickup: {
      prepMinutes: whole(env.PREP_MINUTES, 20, 0, 240),
      slotMinutes: 15,
      capacity: whole(env.ORDERS_PER_SLOT, 6, 1, 1000),
    },
    tips: { presets: [10, 15, 20], custom: true },
    // No rate: nothing is taxed until an admin sets the restaurant's rates.
    tax: { mode: 'added', rates: [] },
    tables: { count: tableCount ?? whole(env.TABLE_COUNT, 20, 1, MAX_TABLES) },
    reservations: {
      seatsPerSlot: whole(env.RESERVATION_SEATS_PER_SLOT, 40, 1, 1000),
      upcomingBookings: whole(env.RESERVATION_MAX_UPCOMING_BOOKINGS, 4, 1, 1000),
      upcomingSeats: whole(env.RESERVATION_MAX_UPCOMING_SEATS, 24, 1, 10_000),
      pendingHours: whole(env.RESERVATION_PENDING_HOURS, 48, 1, 720),
    },
    notices: {
      textsPerMonth: whole(env.TEXTS_PER_MONTH, 500, 0, 1_000_000),
      lateAfterMinutes: 10,
      lateExtraMinutes: 15,
    },
  };
}
