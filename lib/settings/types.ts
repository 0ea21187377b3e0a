import type { TaxSettings } from '@/lib/tax/tax';

/**
 * The restaurant's settings as the dashboard, the API and the pages exchange them (client-safe).
 * They live in the database (lib/settings/store.ts); the environment only fills a fresh one.
 */

/** Monday first, as a week is printed on a door. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each weekday as people (and schema.org's dayOfWeek) write it. */
export const WEEKDAY_NAMES = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
} as const satisfies Record<Weekday, string>;

/**
 * A time the restaurant is open on the wall clock of its zone, 'HH:MM'. `closes` '00:00' is
 * midnight; an `overnight` window closes on the next day (18:00 to 01:00) and belongs to the day
 * it opens on, so closing that day removes all of it.
 */
export interface OpeningWindow {
  opens: string;
  closes: string;
  overnight: boolean;
}

export type WeekHours = Record<Weekday, OpeningWindow[]>;

/** Days the restaurant is shut, `from` to `to` inclusive ('YYYY-MM-DD'), with what diners are told ('' for nothing). */
export interface Closure {
  from: string;
  to: string;
  note: string;
}

/** Hours that replace a weekday's on one date (a holiday opening late). */
export interface SpecialHours {
  date: string;
  windows: OpeningWindow[];
  note: string;
}

/** When the restaurant is open: an IANA time zone, the week, and the dates that differ. */
export interface Schedule {
  timeZone: string;
  hours: WeekHours;
  closures: Closure[];
  specialHours: SpecialHours[];
}

export interface RestaurantDetails {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  address: { street: string; city: string; postalCode: string; country: string };
  /** Links to the restaurant's pages elsewhere ('' for none). */
  social: { microblog: string; video: string; network: string };
}

export interface OrderingSettings {
  /** Online orders are taken at all. */
  enabled: boolean;
  /**
   * Minutes without a kitchen display connected, during opening hours, after which ordering pauses
   * itself until one connects: nobody takes paid orders nobody sees. 0 is off.
   */
  pauseWithoutKitchenMinutes: number;
  /** Visitors may order as a guest, with no account (Continue as guest). */
  guests: boolean;
}

export interface PickupSettings {
  /** The kitchen's preparation time: the earliest pickup starts no sooner than now plus this. */
  prepMinutes: number;
  /** Pickup times fall every this many minutes, on the clock. */
  slotMinutes: number;
  /** Kitchen load units one pickup slot holds (a dish counts its load; see MenuItem.kitchenLoad). */
  capacity: number;
}

export interface TipSettings {
  /** Percentages offered besides no tip, ascending. */
  presets: number[];
  /** Whether the diner may type an amount. */
  custom: boolean;
}

export interface ReservationSettings {
  /** Seats one 30-minute slot may hold across its bookings. */
  seatsPerSlot: number;
  /** Upcoming bookings one diner may hold. */
  upcomingBookings: number;
  /** Seats across those bookings. */
  upcomingSeats: number;
  /** A booking the restaurant has not confirmed within this many hours expires, and its seats go back on sale. */
  pendingHours: number;
}

/** Texts and push (lib/notify): the monthly cap on texts, and when an order counts as running late. */
export interface NoticeSettings {
  /** Texts sent in a calendar month; past it, the rest of the month's notices go by email. 0 sends no texts. */
  textsPerMonth: number;
  /** An order still not ready this many minutes past its promised time runs late, and its diner is told once. 0 is off. */
  lateAfterMinutes: number;
  /** The new time the diner is told: this many minutes from when they are told. */
  lateExtraMinutes: number;
}

export type { TaxMode, TaxRate, TaxSettings } from '@/lib/tax/tax';

export interface RestaurantSettings {
  restaurant: RestaurantDetails;
  schedule: Schedule;
  ordering: OrderingSettings;
  pickup: PickupSettings;
  tips: TipSettings;
  /** Sales tax or VAT: the rates dishes are taxed at, and whether prices include them. */
  tax: TaxSettings;
  tables: { count: number };
  reservations: ReservationSettings;
  notices: NoticeSettings;
}

/** GET and PUT /api/settings: the settings and the version a save must name (0 before the first save). */
export interface VersionedSettings {
  version: number;
  settings: RestaurantSettings;
}

/** What the kitchen set by hand: a pause (until a time, or until resumed) and busy mode. Times are ISO instants. */
export interface OrderingState {
  pause: { until: string | null } | null;
  busy: { extraMinutes: number; until: string } | null;
}

/**
 * Whether online orders are taken now, in the words diners read ('Open now until 14:30',
 * 'Closed, opens Tuesday at 12:00', 'Online ordering is paused, back at 19:30').
 */
export interface OrderingStatus {
  /** Orders for now (as soon as possible, at a table) are taken. */
  open: boolean;
  /** Online ordering is paused or off: nothing is taken, not even for later. */
  stopped: boolean;
  text: string;
  /** A closure's note, when one applies. */
  note?: string;
  /** When this may next change by the clock alone (an ISO instant), if that is known. */
  changesAt?: string;
}
