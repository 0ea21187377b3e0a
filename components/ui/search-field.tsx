'use client';

import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX } from '@/lib/pagination/schemas';
import { FILTER_FIELD } from './filter-fields';

/**
 * A search box that reports what was typed after a pause (or at once on Enter, through its
 * form), trimmed, so a list is read again once per search rather than once per key.
 */
export function SearchField({ id, label, placeholder, value, onSearch }: { id: string; label: string; placeholder: string; value: string; onSearch: (search: string) => void }) {
  const [typed, setTyped] = useState(value);
  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  });
  useEffect(() => {
    const trimmed = typed.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => report.current(trimmed), 350);
    return () => clearTimeout(timer);
  }, [typed, value]);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        maxLength={SEARCH_MAX}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(typed.trim());
        }}
        placeholder={placeholder}
        className={FILTER_FIELD}
      />
    </div>
  );
}
