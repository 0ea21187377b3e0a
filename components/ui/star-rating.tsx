import type { CSSProperties } from 'react';

interface StarRatingProps {
  value: number;
  /** How many stars to draw: 5 by default, kept within 1 to 10 so a bad value draws neither nothing nor an endless row. */
  items?: number;
  /** A star's height and width in CSS pixels. */
  size?: number;
}

/**
 * A read-only star rating: one element, drawn by CSS (`.star-rating` in app/globals.css), so it
 * needs no JavaScript and ten testimonials add ten elements to the page, not a hundred.
 */
export function StarRating({ value, items = 5, size = 28 }: StarRatingProps) {
  const count = Math.min(10, Math.max(1, Math.round(items)));
  const filled = Math.min(count, Math.max(0, Math.round(value)));
  const style = { '--stars': count, '--filled': filled, '--star': `${size}px` } as CSSProperties;
  return <div role="img" aria-label={`Rated ${filled} out of ${count}`} className="star-rating" style={style} />;
}
