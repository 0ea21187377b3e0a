import type { AggregateRating, Menu, MenuItem as MenuItemLd, MenuSection, Offer, Restaurant, RestrictedDiet, WithContext } from 'schema-dts';
import type { Diet, MenuItem } from '@/lib/menu/types';
import type { RatingSummary } from '@/lib/reviews/types';
import { dietsOf } from '@/lib/menu/allergens';
import { site } from '@/lib/config/site';

/*
 * The structured data of the public pages, typed against schema.org (schema-dts), so a property
 * schema.org does not define on a type, or a value of the wrong kind, fails the build:
 *   /            the Restaurant, with its rating from the published reviews and a link to the menu
 *   /menu        the Restaurant with the whole Menu → MenuSection → MenuItem tree
 *   /order/...   the Menu with the category's section, every dish the page holds
 */

const DIETS: Record<Diet, RestrictedDiet> = { vegetarian: 'https://schema.org/VegetarianDiet', vegan: 'https://schema.org/VeganDiet' };

/** A section of the menu as a page shows it: a heading and its dishes. */
export interface MenuSectionData {
  name: string;
  items: MenuItem[];
}

const MENU_URL = `${site.url}/menu`;

const offer = (price: number, available = true): Offer => ({
  '@type': 'Offer',
  price: price.toFixed(2),
  priceCurrency: 'USD',
  availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
});

/** A dish with its offer, the diets it suits, and its option groups as add-ons with their own prices. */
function menuItemJsonLd(item: MenuItem): MenuItemLd {
  const diets = dietsOf(item);
  return {
    '@type': 'MenuItem',
    name: item.name,
    description: item.recipe,
    image: new URL(item.image, site.url).toString(),
    offers: offer(item.price, item.available),
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

function menuJsonLd(sections: MenuSectionData[]): Menu {
  return {
    '@type': 'Menu',
    name: `${site.brand} menu`,
    url: MENU_URL,
    hasMenuSection: sections.map(
      (section): MenuSection => ({ '@type': 'MenuSection', name: section.name, hasMenuItem: section.items.map(menuItemJsonLd) }),
    ),
  };
}

/** The guests' rating: the mean of the published reviews, or nothing when there are none to average. */
function aggregateRating({ count, mean }: RatingSummary): AggregateRating {
  return { '@type': 'AggregateRating', ratingValue: Number(mean.toFixed(2)), reviewCount: count, bestRating: 5, worstRating: 1 };
}

/**
 * schema.org Restaurant: where, when, how to reach it; with `menu`, the whole menu so search
 * engines can show dishes, prices, availability and diets, else a link to it; with `rating` (of
 * every review, see getTestimonials), the rating guests gave.
 */
export function restaurantJsonLd({ menu, rating }: { menu?: MenuSectionData[]; rating?: RatingSummary | null } = {}): WithContext<Restaurant> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: site.brand,
    url: site.url,
    telephone: site.phone,
    email: site.email,
    image: `${site.url}/images/home/slide-1.svg`,
    servesCuisine: ['Bistro', 'Italian', 'Salads'],
    priceRange: '$$',
    acceptsReservations: true,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
    hasMenu: menu ? menuJsonLd(menu) : MENU_URL,
    ...(rating?.count ? { aggregateRating: aggregateRating(rating) } : {}),
  };
}

/** schema.org Menu of one page's sections, for a page that shows part of the menu (an order page). */
export function menuPageJsonLd(sections: MenuSectionData[]): WithContext<Menu> {
  return { '@context': 'https://schema.org', ...menuJsonLd(sections) };
}

/** JSON for a <script type="application/ld+json">, with '<' escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

