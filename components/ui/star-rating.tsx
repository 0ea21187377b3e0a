interface StarRatingProps {
  value: number;
  /** How many stars to draw: 5 by default, kept within 1 to 10 so a bad value draws neither nothing nor an endless row. */
  items?: number;
  className?: string;
}

/** A read-only star rating, drawn as SVG so it needs no JavaScript. */
export function StarRating({ value, items = 5, className = '' }: StarRatingProps) {
  const count = Math.min(10, Math.max(1, Math.round(items)));
  const filled = Math.min(count, Math.max(0, Math.round(value)));
  return (
    <div role="img" aria-label={`Rated ${filled} out of ${count}`} className={`flex gap-1 ${className}`} style={{ maxWidth: 180 }}>
      {Array.from({ length: count }, (_, i) => (
        <svg key={i} viewBox="0 0 24 24" aria-hidden="true" className={`h-7 w-7 ${i < filled ? 'fill-amber-500' : 'fill-gray-300'}`}>
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </div>
  );
}
