import { ALLERGENS, type Allergen, type Diet, type MenuItem } from './types.ts';

/** How allergens and diets read on the menu (client-safe: the filters and the cards share it). */

/** What each allergen key is called for diners; the law's "nuts" are tree nuts, apart from peanuts. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  celery: 'celery',
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  nuts: 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soya: 'soya',
  sulphites: 'sulphites',
};

export const DIET_LABELS: Record<Diet, string> = { vegetarian: 'Vegetarian', vegan: 'Vegan' };

/** The diets a dish suits: a vegan dish is vegetarian too. */
export function dietsOf(item: Pick<MenuItem, 'dietary'>): Diet[] {
  const diets = new Set(item.dietary);
  if (diets.has('vegan')) diets.add('vegetarian');
  return (['vegetarian', 'vegan'] as const).filter((diet) => diets.has(diet));
}

/** "Contains: gluten, milk", in the legal list's order; null for a dish with none declared. */
export function containsLine(item: Pick<MenuItem, 'allergens'>): string | null {
  const present = ALLERGENS.filter((allergen) => item.allergens.includes(allergen));
  return present.length ? `Contains: ${present.map((allergen) => ALLERGEN_LABELS[allergen]).join(', ')}` : null;
}
