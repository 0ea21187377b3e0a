import type { MenuItem } from '@/lib/menu/types';
import { site } from '@/lib/config/site';

/** schema.org Restaurant with its Menu, so search engines can show dishes and prices. */
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
        hasMenuItem: section.items.map((item) => ({
          '@type': 'MenuItem',
          name: item.name,
          description: item.recipe,
          image: new URL(item.image, site.url).toString(),
          offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'USD' },
        })),
      })),
    },
  };
}

/** JSON for a <script type="application/ld+json">, with '<' escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
