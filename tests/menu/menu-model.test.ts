/** The client-safe rules the browser and the server share: pricing, filters, and what search engines read. */
import { describe, expect, it } from 'vitest';
import { containsLine, dietsOf } from '@/lib/menu/allergens';
import { dishAttributes, filtersQuery, matchesFilters, parseFilters } from '@/lib/menu/filters';
import { MAX_CHARGE_CENTS, MAX_QUANTITY, MAX_UNIT_CENTS, dearestUnitCents, priceSelection } from '@/lib/menu/pricing';
import type { MenuItem, OptionGroup } from '@/lib/menu/types';
import { menuPageJsonLd, restaurantJsonLd } from '@/lib/seo/json-ld';
import { defaultSettings } from '@/lib/settings/defaults';
import type { RestaurantSettings } from '@/lib/settings/types';
import { schemaOrgProblems } from '../support/schema-org';

const SIZE: OptionGroup = { name: 'Size', min: 1, max: 1, choices: [{ name: 'Regular', price: 0 }, { name: 'Large', price: 3.5 }] };
const TOPPINGS: OptionGroup = {
  name: 'Extra toppings',
  min: 0,
  max: 3,
  choices: [{ name: 'Olives', price: 1.5 }, { name: 'Rocket', price: 1.25 }, { name: 'Basil', price: 0.1 }, { name: 'Chilli', price: 0.2 }],
};

const dish = (changes: Partial<MenuItem> = {}): MenuItem => ({
  _id: '0123456789abcdef01234567',
  name: 'Pizza Marinara',
  recipe: 'San Marzano Tomato, Garlic, Oregano',
  image: '/images/menu/marinara-pizza.svg',
  category: 'pizza',
  price: 11.95,
  available: true,
  allergens: ['gluten'],
  dietary: ['vegan'],
  options: [SIZE, TOPPINGS],
  kitchenLoad: 2,
  ...changes,
});

/** A restaurant as a fresh database has it, the hours aside. */
const settings = (schedule: Partial<RestaurantSettings['schedule']> = {}): RestaurantSettings => {
  const base = defaultSettings({ TZ: 'Europe/Paris' });
  return { ...base, schedule: { ...base.schedule, ...schedule } };
};
const NOW = new Date('2030-12-20T12:00:00Z');

describe('priceSelection', () => {
  it('adds the chosen extras to the price and multiplies by the quantity, in cents, in the dish order', () => {
    const priced = priceSelection(dish(), [{ group: 'Extra toppings', choices: ['Rocket', 'Olives'] }, { group: 'Size', choices: ['Large'] }], 2);
    expect(priced).toEqual({
      ok: true,
      unitCents: 1820,
      lineCents: 3640,
      options: [{ group: 'Size', choices: ['Large'] }, { group: 'Extra toppings', choices: ['Olives', 'Rocket'] }],
    });
  });

  it('is exact where dollar floats are not: 0.10 + 0.20 extras, 9.95 × 3', () => {
    const priced = priceSelection(dish({ price: 9.95 }), [{ group: 'Size', choices: ['Regular'] }, { group: 'Extra toppings', choices: ['Basil', 'Chilli'] }], 3);
    expect(priced).toMatchObject({ ok: true, unitCents: 1025, lineCents: 3075 });
  });

  it('keeps the largest line within one card payment, exactly', () => {
    const dear = dish({ price: 9999.99, options: [{ name: 'Shavings', min: 0, max: 1, choices: [{ name: 'More', price: 999.99 }] }] });
    const priced = priceSelection(dear, [{ group: 'Shavings', choices: ['More'] }], MAX_QUANTITY);
    expect(priced).toMatchObject({ ok: true, unitCents: 1_099_998, lineCents: 21_999_960 });
    expect(MAX_UNIT_CENTS * MAX_QUANTITY).toBeLessThanOrEqual(MAX_CHARGE_CENTS);
    expect(Number.isSafeInteger(MAX_CHARGE_CENTS * 1000)).toBe(true);
  });

  it('refuses a dish priced above what one line may cost', () => {
    const corrupt = dish({ price: 50_000, options: [] });
    expect(priceSelection(corrupt, [], 1)).toMatchObject({ ok: false, error: 'This dish is priced above what one order line may cost. Please ask the restaurant.' });
  });

  it.each([
    ['a required group left out', [], 1, 'Choose a Size.', 'Size'],
    ['too many of a group', [{ group: 'Size', choices: ['Regular', 'Large'] }], 1, 'Size takes at most 1 choice.', 'Size'],
    ['an unknown group', [{ group: 'Crust', choices: [] }], 1, 'This dish has no option group "Crust".', undefined],
    ['an unknown choice', [{ group: 'Size', choices: ['Huge'] }], 1, '"Huge" is not a choice of Size.', 'Size'],
    ['a quantity of 21', [{ group: 'Size', choices: ['Large'] }], 21, 'Quantity must be a whole number from 1 to 20.', undefined],
    ['a quantity of 1.5', [{ group: 'Size', choices: ['Large'] }], 1.5, 'Quantity must be a whole number from 1 to 20.', undefined],
  ])('refuses %s, naming the group', (_case, selection, quantity, error, group) => {
    expect(priceSelection(dish(), selection, quantity)).toEqual({ ok: false, error, group });
  });

  it('names a group that needs several', () => {
    const two: OptionGroup = { ...TOPPINGS, name: 'Two sides', min: 2, max: 2 };
    expect(priceSelection(dish({ options: [two] }), [{ group: 'Two sides', choices: ['Olives'] }], 1)).toMatchObject({
      error: 'Choose at least 2 of Two sides.',
    });
  });

  it('knows the dearest way to order one', () => {
    // 11.95 + 3.50 + the three dearest toppings (1.50 + 1.25 + 0.20)
    expect(dearestUnitCents(dish())).toBe(1840);
  });
});

describe('allergens and diets', () => {
  it('reads a vegan dish as vegetarian too, and lists allergens in the legal order', () => {
    expect(dietsOf({ dietary: ['vegan'] })).toEqual(['vegetarian', 'vegan']);
    expect(containsLine({ allergens: ['milk', 'nuts', 'gluten'] })).toBe('Contains: gluten, milk, tree nuts');
    expect(containsLine({ allergens: [] })).toBeNull();
  });
});

describe('filters', () => {
  const card = (item: MenuItem) => {
    const attributes = dishAttributes(item);
    return { diets: attributes['data-diets'], allergens: attributes['data-allergens'], search: attributes['data-search'] };
  };

  it('read from and write to the URL, keeping other parameters and dropping unknown keys', () => {
    const filters = parseFilters('?diet=vegan,keto&free=milk,gluten,nope&q=fresh%20basil&x=1');
    expect(filters).toEqual({ diets: ['vegan'], freeFrom: ['gluten', 'milk'], query: 'fresh basil' });
    expect(filtersQuery(filters, '?x=1')).toBe('?x=1&diet=vegan&free=gluten%2Cmilk&q=fresh+basil');
    expect(filtersQuery({ diets: [], freeFrom: [], query: '  ' }, '?diet=vegan&q=a')).toBe('');
  });

  it('match on diets, on allergens left out, and on every word of the search, without accents', () => {
    const marinara = card(dish());
    const brulee = card(dish({ name: 'Crème Brûlée', recipe: 'Vanilla Custard', allergens: ['eggs', 'milk'], dietary: ['vegetarian'] }));
    const vegetarian = parseFilters('?diet=vegetarian');
    expect([matchesFilters(marinara, vegetarian), matchesFilters(brulee, vegetarian)]).toEqual([true, true]);
    expect(matchesFilters(brulee, parseFilters('?diet=vegan'))).toBe(false);
    expect(matchesFilters(brulee, parseFilters('?free=milk'))).toBe(false);
    expect(matchesFilters(marinara, parseFilters('?free=milk'))).toBe(true);
    expect(matchesFilters(brulee, parseFilters('?q=creme%20BRULEE'))).toBe(true);
    expect(matchesFilters(marinara, parseFilters('?q=garlic%20oregano'))).toBe(true);
    expect(matchesFilters(marinara, parseFilters('?q=garlic%20cheese'))).toBe(false);
  });
});

describe('JSON-LD', () => {
  it('gives each dish its offer, its availability, the diets it suits and its options as priced add-ons', () => {
    // What a crawler reads: the JSON, not the typed object.
    const data = JSON.parse(JSON.stringify(restaurantJsonLd({ settings: settings(), now: NOW, menu: [{ name: 'pizza', items: [dish(), dish({ name: 'Diavola', available: false, dietary: [], options: [] })] }] })));
    const [marinara, diavola] = data.hasMenu.hasMenuSection[0].hasMenuItem;
    expect(marinara).toMatchObject({
      '@type': 'MenuItem',
      name: 'Pizza Marinara',
      offers: { '@type': 'Offer', price: '11.95', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      suitableForDiet: ['https://schema.org/VegetarianDiet', 'https://schema.org/VeganDiet'],
    });
    expect(marinara.menuAddOn[0]).toEqual({
      '@type': 'MenuSection',
      name: 'Size',
      hasMenuItem: [
        { '@type': 'MenuItem', name: 'Regular', offers: { '@type': 'Offer', price: '0.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } },
        { '@type': 'MenuItem', name: 'Large', offers: { '@type': 'Offer', price: '3.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } },
      ],
    });
    expect(diavola.offers.availability).toBe('https://schema.org/SoldOut');
    expect(diavola).not.toHaveProperty('suitableForDiet');
    expect(diavola).not.toHaveProperty('menuAddOn');
  });

  it('rates the restaurant by the mean of the published reviews, and links the menu where it is not shown', () => {
    const data = JSON.parse(JSON.stringify(restaurantJsonLd({ settings: settings(), now: NOW, rating: { count: 3, mean: 13 / 3 } })));
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.33, reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(data.hasMenu).toMatch(/\/menu$/);
    expect(data.acceptsReservations).toBe(true);
    expect(restaurantJsonLd({ settings: settings(), now: NOW, rating: null })).not.toHaveProperty('aggregateRating');
  });

  it("gives an order page's dishes as a Menu with the category's section", () => {
    const data = JSON.parse(JSON.stringify(menuPageJsonLd('Bistro Boss', [{ name: 'Pizza', items: [dish()] }])));
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Menu', hasMenuSection: [{ '@type': 'MenuSection', name: 'Pizza' }] });
    expect(data.hasMenuSection[0].hasMenuItem[0]).toMatchObject({ '@type': 'MenuItem', name: 'Pizza Marinara', offers: { price: '11.95' } });
  });

  it('gives the hours of each weekday, one specification per window, and the dates that differ from today on', () => {
    const w = (opens: string, closes: string, overnight = false) => ({ opens, closes, overnight });
    const data = JSON.parse(
      JSON.stringify(
        restaurantJsonLd({
          settings: settings({
            hours: { monday: [], tuesday: [w('12:00', '14:30'), w('18:00', '22:00')], wednesday: [w('12:00', '00:00')], thursday: [], friday: [w('18:00', '01:00', true)], saturday: [], sunday: [] },
            closures: [
              { from: '2030-12-01', to: '2030-12-02', note: 'over' },
              { from: '2030-12-24', to: '2030-12-26', note: 'Holidays' },
            ],
            specialHours: [{ date: '2030-12-31', windows: [w('19:00', '02:00', true)], note: '' }],
          }),
          now: NOW,
        }),
      ),
    );
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '12:00', closes: '14:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '18:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Wednesday', opens: '12:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Friday', opens: '18:00', closes: '01:00' },
    ]);
    expect(data.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday'], opens: '00:00', closes: '00:00', validFrom: '2030-12-24', validThrough: '2030-12-26' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '19:00', closes: '02:00', validFrom: '2030-12-31', validThrough: '2030-12-31' },
    ]);
    expect(schemaOrgProblems(data)).toEqual([]);
  });
});
