import type { InputHTMLAttributes, ReactNode } from 'react';

interface CheckListProps<K extends string> {
  legend: ReactNode;
  /** Classes of the legend; `sr-only` keeps it for screen readers alone. */
  legendClassName?: string;
  keys: readonly K[];
  labels: Record<K, string>;
  /** What each box does: `checked`/`onChange` for a controlled list, or react-hook-form's `register` spread with `value`. */
  box: (key: K) => InputHTMLAttributes<HTMLInputElement>;
  className?: string;
  children?: ReactNode;
}

/** A labelled group of checkboxes, one per key: allergens, diets. */
export function CheckList<K extends string>({ legend, legendClassName = 'text-sm font-semibold', keys, labels, box, className, children }: CheckListProps<K>) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {keys.map((key) => (
        <label key={key} className="flex min-h-11 items-center gap-2 text-sm capitalize">
          <input type="checkbox" {...box(key)} className="h-4 w-4 accent-gold" />
          {labels[key]}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
