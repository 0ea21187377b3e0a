/**
 * The restaurant's public facts in one typed place. Every value can be overridden from the
 * environment so a deployer rebrands the site without touching code. NEXT_PUBLIC_ names are
 * read as literal expressions so Next.js can inline them into client bundles too.
 */

export interface OpeningHours {
  /** 24-hour "HH:MM" */
  opens: string;
  closes: string;
}

export interface ReservationConfig {
  /** Seats one 30-minute slot may hold across all its bookings. */
  seatsPerSlot: number;
}

/** What one diner may hold, so that no single account can book out an evening. */
export interface ReservationLimits {
  /** Upcoming bookings (pending or confirmed) one diner may hold. */
  upcomingBookings: number;
  /** Seats across those bookings. */
  upcomingSeats: number;
  /** A booking the restaurant has not confirmed within this many hours expires, and its seats go back on sale. */
  pendingHours: number;
}

export interface SiteConfig {
  brand: string;
  tagline: string;
  phone: string;
  email: string;
  address: { street: string; city: string; postalCode: string; country: string };
  hours: OpeningHours;
  /** The wording shown under 'Order Online', e.g. 'From 11.00am to 10.00pm'. */
  hoursLabel: string;
  /** Server-side only (its variable is not NEXT_PUBLIC_): a browser bundle sees the default. */
  reservations: ReservationConfig;
  social: { microblog: string; video: string; network: string };
  developer: string;
  company: string;
  url: string;
}

function env(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function hhmm(value: string | undefined, fallback: string): string {
  const v = env(value, fallback);
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : fallback;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(env(value, String(fallback)));
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function formatHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}.${String(m).padStart(2, '0')}${suffix}`;
}

const opens = hhmm(process.env.NEXT_PUBLIC_HOURS_OPEN, '11:00');
const closes = hhmm(process.env.NEXT_PUBLIC_HOURS_CLOSE, '22:00');

export const site: SiteConfig = {
  brand: env(process.env.NEXT_PUBLIC_BRAND, 'Bistro Boss'),
  tagline: env(process.env.NEXT_PUBLIC_TAGLINE, 'Restaurant'),
  phone: env(process.env.NEXT_PUBLIC_PHONE, '+1 (555) 010-2024'),
  email: env(process.env.NEXT_PUBLIC_CONTACT_EMAIL, 'hello@bistro.test'),
  address: {
    street: env(process.env.NEXT_PUBLIC_ADDRESS_STREET, '123 Harbor Street'),
    city: env(process.env.NEXT_PUBLIC_ADDRESS_CITY, 'Portland'),
    postalCode: env(process.env.NEXT_PUBLIC_ADDRESS_POSTAL_CODE, '97201'),
    country: env(process.env.NEXT_PUBLIC_ADDRESS_COUNTRY, 'US'),
  },
  hours: { opens, closes },
  hoursLabel: `From ${formatHour(opens)} to ${formatHour(closes)}`,
  reservations: { seatsPerSlot: positiveInt(process.env.RESERVATION_SEATS_PER_SLOT, 40) },
  social: {
    microblog: env(process.env.NEXT_PUBLIC_SOCIAL_MICROBLOG, 'https://x.com/'),
    video: env(process.env.NEXT_PUBLIC_SOCIAL_VIDEO, 'https://www.youtube.com/'),
    network: env(process.env.NEXT_PUBLIC_SOCIAL_NETWORK, 'https://www.facebook.com/'),
  },
  developer: env(process.env.NEXT_PUBLIC_DEVELOPER, 'Bistro Labs'),
  company: env(process.env.NEXT_PUBLIC_COMPANY, 'Bistro Labs Ltd'),
  url: env(process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000').replace(/\/+$/, ''),
};

/** Server-only (the variables are not NEXT_PUBLIC_), read on every call so a test can change them. */
export function reservationLimits(env: NodeJS.ProcessEnv = process.env): ReservationLimits {
  return {
    upcomingBookings: positiveInt(env.RESERVATION_MAX_UPCOMING_BOOKINGS, 4),
    upcomingSeats: positiveInt(env.RESERVATION_MAX_UPCOMING_SEATS, 24),
    pendingHours: positiveInt(env.RESERVATION_PENDING_HOURS, 48),
  };
}

/** '{brand} | {page}': every page's title, so the brand leads in tabs and search results. */
export function pageTitle(page: string): string {
  return `${site.brand} | ${page}`;
}
