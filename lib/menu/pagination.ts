import { ORDER_CATEGORIES, type OrderCategory } from '@/lib/menu/types';

/** Cards per page on the order page. */
export const ORDER_PAGE_SIZE = 6;

export function isOrderCategory(value: string): value is OrderCategory {
  return (ORDER_CATEGORIES as readonly string[]).includes(value);
}

export function pageCount(items: number): number {
  return Math.max(1, Math.ceil(items / ORDER_PAGE_SIZE));
}

/**
 * The page number from the optional path segment: none is page 1; anything that is not a
 * plain positive integer within range is null (the caller answers not-found).
 */
export function parsePage(segments: string[] | undefined, totalItems: number): number | null {
  if (!segments || segments.length === 0) return 1;
  if (segments.length > 1) return null;
  const [raw = ''] = segments;
  if (!/^[1-9]\d{0,3}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= pageCount(totalItems) ? page : null;
}

export function orderHref(category: OrderCategory, page = 1): string {
  return page === 1 ? `/order/${category}` : `/order/${category}/${page}`;
}
