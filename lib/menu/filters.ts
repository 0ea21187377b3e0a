import { dietsOf } from '@/lib/menu/allergens';
import { ALLERGENS, DIETS, type Allergen, type Diet, type MenuItem } from '@/lib/menu/types';

/**
 * Filters and search over dishes a page already shows (client-safe). The server writes what a
 * dish is onto its card as data attributes; the filter bar reads the query, matches the cards
 * against it and marks the ones that match, so the pages stay prerendered and static.
 *
 * In the URL, so a filtered view can be shared: `?diet=vegan&free=gluten,milk&q=pizza`.
 */

export interface DishFilters {
  /** Diets every dish shown must suit. */
  diets: Diet[];
  /** Allergens no dish shown may contain. */
  freeFrom: Allergen[];
  /** Words every dish shown must have in its name or recipe. */
  query: string;
}

export const NO_FILTERS: DishFilters = { diets: [], freeFrom: [], query: '' };

/** Longest search kept from a URL or typed. */
const MAX_QUERY = 100;

function listOf<K extends string>(raw: string | null, known: readonly K[]): K[] {
  const given = new Set((raw ?? '').split(','));
  return known.filter((key) => given.has(key));
}

export function parseFilters(search: string): DishFilters {
  const params = new URLSearchParams(search);
  return {
    diets: listOf(params.get('diet'), DIETS),
    freeFrom: listOf(params.get('free'), ALLERGENS),
    query: (params.get('q') ?? '').slice(0, MAX_QUERY),
  };
}

/** The query string for these filters, keeping any other parameters of `search`. */
export function filtersQuery(filters: DishFilters, search = ''): string {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string) => (value ? params.set(key, value) : params.delete(key));
  set('diet', filters.diets.join(','));
  set('free', filters.freeFrom.join(','));
  // Kept as typed (a trailing space is the next word coming), dropped when blank.
  set('q', filters.query.trim() ? filters.query : '');
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function isFiltering(filters: DishFilters): boolean {
  return filters.diets.length > 0 || filters.freeFrom.length > 0 || filters.query.trim() !== '';
}

/** Lower case without accents, so "creme brulee" finds "Crème Brûlée". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What a card carries for the filters: `data-diets`, `data-allergens`, `data-search`. */
export function dishAttributes(item: Pick<MenuItem, 'name' | 'recipe' | 'dietary' | 'allergens'>) {
  return {
    'data-dish': '',
    'data-diets': dietsOf(item).join(' '),
    'data-allergens': item.allergens.join(' '),
    'data-search': searchable(`${item.name} ${item.recipe}`),
  };
}

/** Whether a card (its data attributes, as `element.dataset` gives them) passes the filters. */
export function matchesFilters(card: { diets?: string; allergens?: string; search?: string }, filters: DishFilters): boolean {
  const diets = (card.diets ?? '').split(' ');
  const allergens = (card.allergens ?? '').split(' ');
  const text = card.search ?? '';
  return (
    filters.diets.every((diet) => diets.includes(diet)) &&
    filters.freeFrom.every((allergen) => !allergens.includes(allergen)) &&
    searchable(filters.query)
      .split(/\s+/)
      .every((word) => text.includes(word))
  );
}
