import type { ChangeEvent, ReactNode } from 'react';

/** The controls of a list's filter bar, one look for every list. */

export const FILTER_FIELD = 'mt-1 min-h-11 rounded border border-gray-300 bg-white px-3 py-2';

/** A labelled choice of one value; '' is the first option's (any). */
export function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={FILTER_FIELD}>
        {children}
      </select>
    </div>
  );
}

/** Two days, both included; neither may pass the other. */
export function DateRangeFields({
  id,
  labels,
  from,
  to,
  onChange,
}: {
  id: string;
  labels: [from: string, to: string];
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const set = (field: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => onChange({ from, to, [field]: event.target.value });
  return (
    <>
      <div>
        <label htmlFor={`${id}-from`} className="block text-sm font-semibold">
          {labels[0]}
        </label>
        <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={set('from')} className={FILTER_FIELD} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block text-sm font-semibold">
          {labels[1]}
        </label>
        <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={set('to')} className={FILTER_FIELD} />
      </div>
    </>
  );
}

/** A list's API address with the filters that have a value (none: `base` itself, the page the server rendered). */
export function listUrl(base: string, filters: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  return params.size ? `${base}${base.includes('?') ? '&' : '?'}${params}` : base;
}
