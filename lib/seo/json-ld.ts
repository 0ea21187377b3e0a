import type { AggregateRating, DayOfWeek, Menu, MenuItem as MenuItemLd, MenuSection, Offer, OpeningHoursSpecification, Restaurant, RestrictedDiet, WithContext } from 'schema-dts';
import type { Diet, MenuItem, MenuSchedule } from '@/lib/menu/types';
import { scheduleText } from '@/lib/menu/availability';
import type { RatingSummary } from '@/lib/reviews/types';
import { dietsOf } from '@/lib/menu/allergens';
import { site } from '@/lib/config/site';
import { addDays } from '@/lib/reservations/calendar';
import { weekdayOf, zonedClock } from '@/lib/settings/schedule';
import { WEEKDAYS, WEEKDAY_NAMES, type OpeningWindow, type RestaurantSettings, type Schedule, type Weekday } from '@/lib/settings/types';

/*
 * The structured data of the public pages, typed against schema.org (schema-dts), so a property
 * schema.org does not define on a type, or a value of the wrong kind, fails the build:
 *   /            the Restaurant, with its rating from the published reviews and a link to the menu
 *   /menu        the Restaurant with the whole Menu → MenuSection → MenuItem tree
 *   /order/...   the Menu with the category's section, every dish the page holds
 */

const DIETS: Record<Diet, RestrictedDiet> = { vegetarian: 'https://schema.org/VegetarianDiet', vegan: 'https://schema.org/VeganDiet' };

/** A section of the menu as a page shows it: a heading and its dishes, and when it is served if only at some times. */
export interface MenuSectionData {
  name: string;
  items: MenuItem[];
  schedule?: MenuSchedule;
}

const MENU_URL = `${site.url}/menu`;

const offer = (price: number, available = true): Offer => ({
  '@type': 'Offer',
  price: price.toFixed(2),
  priceCurrency: 'USD',
  availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
});

/** 'Served daily 07:00–11:00', 'Served Mon–Fri 11:30–14:30'. */
const served = (schedule: MenuSchedule) => `Served ${scheduleText(schedule).replace(/^Daily/, 'daily')}`;

/** schema.org's Time, 'hh:mm:ss'. */
const time = (clock: string) => `${clock}:00`;

/**
 * The dish's offer, or for a dish served only at some times (its own schedule, else its
 * section's) one offer per window, from when to when it is available. The days are in the
 * section's description; the menu stays whole, whatever the hour a crawler reads it.
 */
function offersOf(item: MenuItem, section?: MenuSchedule): Offer | Offer[] {
  const schedule = item.schedule ?? section;
  if (!schedule) return offer(item.price, item.available);
  return schedule.windows.map((window) => ({ ...offer(item.price, item.available), availabilityStarts: time(window.opens), availabilityEnds: time(window.closes) }));
}

/** A dish with its offer, the diets it suits, and its option groups as add-ons with their own prices. */
function menuItemJsonLd(item: MenuItem, section?: MenuSchedule): MenuItemLd {
  const diets = dietsOf(item);
  return {
    '@type': 'MenuItem',
    name: item.name,
    description: item.schedule ? `${item.recipe} ${served(item.schedule)}.`.trim() : item.recipe,
    image: new URL(item.image, site.url).toString(),
    offers: offersOf(item, section),
    ...(diets.length ? { suitableForDiet: diets.map((diet) => DIETS[diet]) } : {}),
    ...(item.options.length
      ? {
          menuAddOn: item.options.map(
            (group): MenuSection => ({
              '@type': 'MenuSection',
              name: group.name,
              hasMenuItem: group.choices.map((choice): MenuItemLd => ({ '@type': 'MenuItem', name: choice.name, offers: offer(choice.price) })),
            }),
          ),
        }
      : {}),
  };
}

function menuJsonLd(name: string, sections: MenuSectionData[]): Menu {
  return {
    '@type': 'Menu',
    name: `${name} menu`,
    url: MENU_URL,
    hasMenuSection: sections.map(
      (section): MenuSection => ({
        '@type': 'MenuSection',
        name: section.name,
        ...(section.schedule ? { description: served(section.schedule) } : {}),
        hasMenuItem: section.items.map((item) => menuItemJsonLd(item, section.schedule)),
      }),
    ),
  };
}

/** The guests' rating: the mean of the published reviews, or nothing when there are none to average. */
function aggregateRating({ count, mean }: RatingSummary): AggregateRating {
  return { '@type': 'AggregateRating', ratingValue: Number(mean.toFixed(2)), reviewCount: count, bestRating: 5, worstRating: 1 };
}

const DAY_NAMES: Record<Weekday, DayOfWeek> = WEEKDAY_NAMES;

/** schema.org writes a window that closes at midnight as closing at 23:59; one past midnight closes at its time. */
const hoursOf = (window: OpeningWindow) => ({ opens: window.opens, closes: window.closes === '00:00' ? '23:59' : window.closes });

/** Every weekday's windows, one specification each; a weekday without any is closed and left out. */
function weekJsonLd(schedule: Schedule): OpeningHoursSpecification[] {
  return WEEKDAYS.flatMap((day) => schedule.hours[day].map((window): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES[day], ...hoursOf(window) })));
}

/** The weekdays a span of dates covers (all seven from a week on). */
function daysOf(from: string, to: string): DayOfWeek[] {
  const days = new Set<Weekday>();
  for (let date = from; date <= to && days.size < 7; date = addDays(date, 1)) days.add(weekdayOf(date));
  return WEEKDAYS.filter((day) => days.has(day)).map((day) => DAY_NAMES[day]);
}

/**
 * The dates that differ from the week, from today on: a closure opens and closes at 00:00 (closed
 * all day, as search engines read it) from its first day through its last; special hours give
 * their windows for their date.
 */
function specialJsonLd(schedule: Schedule, today: string): OpeningHoursSpecification[] {
  const closures = schedule.closures
    .filter((closure) => closure.to >= today)
    .map((closure): OpeningHoursSpecification => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: daysOf(closure.from, closure.to),
      opens: '00:00',
      closes: '00:00',
      validFrom: closure.from,
      validThrough: closure.to,
    }));
  const specials = schedule.specialHours
    .filter((special) => special.date >= today)
    .flatMap((special) =>
      special.windows.map((window): OpeningHoursSpecification => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: DAY_NAMES[weekdayOf(special.date)],
        ...hoursOf(window),
        validFrom: special.date,
        validThrough: special.date,
      })),
    );
  return [...closures, ...specials];
}

export interface RestaurantJsonLdInput {
  settings: Pick<RestaurantSettings, 'restaurant' | 'schedule'>;
  /** When the page is made: closures already over are left out. */
  now: Date;
  menu?: MenuSectionData[];
  rating?: RatingSummary | null;
}

/**
 * schema.org Restaurant: where, when (each weekday's hours, and the dates that differ), how to
 * reach it; with `menu`, the whole menu so search engines can show dishes, prices, availability
 * and diets, else a link to it; with `rating` (of every review, see getTestimonials), the rating
 * guests gave.
 */
export function restaurantJsonLd({ settings, now, menu, rating }: RestaurantJsonLdInput): WithContext<Restaurant> {
  const { restaurant, schedule } = settings;
  const special = specialJsonLd(schedule, zonedClock(now, schedule.timeZone).today);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: restaurant.name,
    url: site.url,
    telephone: restaurant.phone,
    email: restaurant.email,
    image: `${site.url}/images/home/slide-1.svg`,
    servesCuisine: ['Bistro', 'Italian', 'Salads'],
    priceRange: '$$',
    acceptsReservations: true,
    address: {
      '@type': 'PostalAddress',
      streetAddress: restaurant.address.street,
      addressLocality: restaurant.address.city,
      postalCode: restaurant.address.postalCode,
      addressCountry: restaurant.address.country,
    },
    openingHoursSpecification: weekJsonLd(schedule),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
    hasMenu: menu ? menuJsonLd(restaurant.name, menu) : MENU_URL,
    ...(rating?.count ? { aggregateRating: aggregateRating(rating) } : {}),
  };
}

/** schema.org Menu of one page's sections, for a page that shows part of the menu (an order page). */
export function menuPageJsonLd(name: string, sections: MenuSectionData[]): WithContext<Menu> {
  return { '@context': 'https://schema.org', ...menuJsonLd(name, sections) };
}

/** JSON for a <script type="application/ld+json">, with '<' escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

