'use client';

import { useId, useState } from 'react';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

interface StarInputProps {
  label: string;
  /** 0 when nothing is chosen yet. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * A 1–5 star rating as a native radio group: Tab reaches it, arrow keys move and choose, and a
 * screen reader hears '4 stars, Very good, 4 of 5'. The radios are visually hidden; the stars are
 * their labels, so a click or a tap chooses too, and hovering previews.
 */
export function StarInput({ label, value, onChange, onBlur, error }: StarInputProps) {
  const id = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset role="radiogroup" aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="block text-sm font-semibold">{label}</legend>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {WORDS.map((word, i) => {
            const stars = i + 1;
            return (
              <label
                key={word}
                onMouseEnter={() => setHover(stars)}
                className="cursor-pointer rounded p-1 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold"
              >
                <input
                  type="radio"
                  name={id}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  onBlur={onBlur}
                  className="sr-only"
                />
                <svg viewBox="0 0 24 24" aria-hidden="true" className={`h-9 w-9 transition-colors ${stars <= shown ? 'fill-amber-500' : 'fill-gray-300'}`}>
                  <path d={STAR} />
                </svg>
                <span className="sr-only">
                  {stars} {stars === 1 ? 'star' : 'stars'}, {word}
                </span>
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="min-w-24 text-sm font-semibold text-gray-700">
          {shown ? WORDS[shown - 1] : 'Not rated yet'}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
