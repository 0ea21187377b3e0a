'use client';

import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { ALLERGEN_LABELS, DIET_LABELS } from '@/lib/menu/allergens';
import { NO_FILTERS, filtersQuery, isFiltering, matchesFilters, parseFilters, type DishFilters } from '@/lib/menu/filters';
import { ALLERGENS, DIETS } from '@/lib/menu/types';
import { CheckList } from '@/components/ui/check-list';

interface MenuFiltersProps {
  /** The id of the element around the dish cards it narrows. */
  target: string;
  /** Where the dishes are, for the words: "in Pizza", "on the menu". */
  where: string;
}

/** `list` with `value` in or out, in the order of `keys`. */
function toggled<K extends string>(keys: readonly K[], list: readonly K[], value: K, on: boolean): K[] {
  return keys.filter((key) => (key === value ? on : list.includes(key)));
}

/** The query changes with back and forward, and when the filters write it (replaceState fires no event). */
const QUERY_CHANGED = 'bistro:filters';

function subscribeToQuery(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(QUERY_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(QUERY_CHANGED, onChange);
  };
}

/** Writes the filters into the URL in place (no history entry per keystroke). */
function setQuery(filters: DishFilters): void {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${filtersQuery(filters, search)}${hash}`);
  window.dispatchEvent(new Event(QUERY_CHANGED));
}

const cardsIn = (target: string) => document.getElementById(target)?.querySelectorAll<HTMLElement>('[data-dish]') ?? [];

function countMatches(target: string, filters: DishFilters): number {
  return [...cardsIn(target)].filter((card) => matchesFilters(card.dataset, filters)).length;
}

/** Marks the cards that match and the sections left with none; globals.css hides the rest. */
function markMatches(target: string, filters: DishFilters): void {
  const root = document.getElementById(target);
  if (!root) return;
  const active = isFiltering(filters);
  root.toggleAttribute('data-filtering', active);
  for (const card of cardsIn(target)) card.toggleAttribute('data-match', active && matchesFilters(card.dataset, filters));
  for (const section of root.querySelectorAll('[data-dish-section]')) section.toggleAttribute('data-empty', active && !section.querySelector('[data-match]'));
}

/**
 * Search and diet filters over the dishes the page already shows, in the browser: no request per
 * keystroke, and the pages stay prerendered. The cards carry what they are (data-diets,
 * data-allergens, data-search); this marks those that match and the target says it is filtering,
 * and globals.css hides the rest. The filters live in the URL query, so a filtered view can be
 * shared, and come back with the browser's back and forward buttons.
 */
export function MenuFilters({ target, where }: MenuFiltersProps) {
  const id = useId();
  const search = useSyncExternalStore(subscribeToQuery, () => window.location.search, () => null);
  // Null while hydrating: the prerendered HTML shows the page's dishes, unfiltered.
  const filters = useMemo(() => (search === null ? null : parseFilters(search)), [search]);
  const shown = useMemo(() => (filters && isFiltering(filters) ? countMatches(target, filters) : null), [filters, target]);

  useEffect(() => {
    if (filters) markMatches(target, filters);
  }, [filters, target]);

  const current = filters ?? NO_FILTERS;
  const change = (next: Partial<DishFilters>) => setQuery({ ...current, ...next });

  return (
    <div role="search" aria-label={`Find dishes ${where}`} className="mb-10 space-y-4 rounded-lg bg-cream p-4 md:p-6">
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <label htmlFor={`${id}-q`} className="block min-w-[14rem] flex-1 text-sm font-semibold">
          Search by name or ingredient
          <input
            id={`${id}-q`}
            type="search"
            value={current.query}
            onChange={(event) => change({ query: event.target.value })}
            className="mt-1 w-full rounded border border-gray-300 bg-white px-4 py-2 font-normal"
          />
        </label>
        <CheckList
          legend="Diet"
          legendClassName="mb-1 text-sm font-semibold"
          className="flex flex-wrap gap-x-5 gap-y-2"
          keys={DIETS}
          labels={DIET_LABELS}
          box={(diet) => ({ checked: current.diets.includes(diet), onChange: (event) => change({ diets: toggled(DIETS, current.diets, diet, event.target.checked) }) })}
        />
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-semibold">
          Free from{current.freeFrom.length ? ` (${current.freeFrom.length} chosen)` : '…'}
        </summary>
        <CheckList
          legend="Free from"
          legendClassName="sr-only"
          className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4 lg:grid-cols-7"
          keys={ALLERGENS}
          labels={ALLERGEN_LABELS}
          box={(allergen) => ({
            checked: current.freeFrom.includes(allergen),
            onChange: (event) => change({ freeFrom: toggled(ALLERGENS, current.freeFrom, allergen, event.target.checked) }),
          })}
        />
      </details>
      <div className="flex flex-wrap items-center gap-4">
        <p role="status" className="font-semibold">
          {shown === null ? '' : shown === 0 ? `No dishes ${where} match your search and filters.` : `${shown} ${shown === 1 ? 'dish matches' : 'dishes match'}.`}
        </p>
        {shown !== null ? (
          <button type="button" onClick={() => setQuery(NO_FILTERS)} className="rounded bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-gold">
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}
