import type { Diet, MenuItem } from '@/lib/menu/types';
import { dietsOf } from '@/lib/menu/allergens';
import { site } from '@/lib/config/site';

const DIETS: Record<Diet, string> = { vegetarian: 'https://schema.org/VegetarianDiet', vegan: 'https://schema.org/VeganDiet' };

const offer = (price: number, available = true) => ({
  '@type': 'Offer',
  price: price.toFixed(2),
  priceCurrency: 'USD',
  availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
});

/** A dish with its offer, the diets it suits, and its option groups as add-ons with their own prices. */
function menuItemJsonLd(item: MenuItem) {
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
          menuAddOn: item.options.map((group) => ({
            '@type': 'MenuSection',
            name: group.name,
            hasMenuItem: group.choices.map((choice) => ({ '@type': 'MenuItem', name: choice.name, offers: offer(choice.price) })),
          })),
        }
      : {}),
  };
}

/** schema.org Restaurant with its Menu, so search engines can show dishes, prices, availability and diets. */
export function restaurantJsonLd(sections: { name: string; items: MenuItem[] }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: site.brand,
    url: site.url,
    telephone: site.phone,
    servesCuisine: ['Bistro', 'Italian', 'Salads'],
    priceRange: '$$',
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
    hasMenu: {
      '@type': 'Menu',
      name: `${site.brand} menu`,
      url: `${site.url}/menu`,
      hasMenuSection: sections.map((section) => ({
        '@type': 'MenuSection',
        name: section.name,
        hasMenuItem: section.items.map(menuItemJsonLd),
      })),
    },
  };
}

/** JSON for a <script type="application/ld+json">, with '<' escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
