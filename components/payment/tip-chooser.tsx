'use client';

import { Field, INPUT } from '@/components/ui/field';
import { formatCents } from '@/lib/menu/money';
import { tipCents, tipPercents, tipRefusal, type TipChoice } from '@/lib/payments/tips';
import type { TipSettings } from '@/lib/settings/types';

/** The tip as the page holds it: a percentage, or the custom amount as typed. */
export type TipState = { percent: number } | { custom: string };

/** The tip the diner chose, or why it cannot be taken yet. */
export function readTip(state: TipState, subtotalCents: number, tips: TipSettings): { choice: TipChoice; error?: undefined } | { choice: null; error: string } {
  if ('percent' in state) return { choice: state };
  const typed = state.custom.trim();
  if (!typed) return { choice: null, error: 'Enter your tip, or choose No tip.' };
  const custom = Number(typed);
  if (!Number.isFinite(custom)) return { choice: null, error: 'The tip must be a number.' };
  const refused = tipRefusal(subtotalCents, { custom }, tips);
  return refused ? { choice: null, error: refused } : { choice: { custom } };
}

// The radio is visually hidden and tapped through its label, whose border and fill show the choice.
const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded border border-gray-300 px-3 py-2 has-checked:border-gold has-checked:bg-amber-50 has-checked:font-semibold has-focus-visible:ring-2 has-focus-visible:ring-gold';

interface TipChooserProps {
  subtotalCents: number;
  value: TipState;
  onChange(state: TipState): void;
  /** The percentages the restaurant offers, and whether an amount may be typed. */
  tips: TipSettings;
}

/** No tip, the restaurant's percentages of the food, or (when it takes one) an amount up to the food's price. */
export function TipChooser({ subtotalCents, value, onChange, tips }: TipChooserProps) {
  const custom = 'custom' in value;
  // An empty box is not an error yet: Pay says what it waits for.
  const error = custom && value.custom.trim() ? readTip(value, subtotalCents, tips).error : undefined;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">Tip</legend>
      <div className="flex flex-wrap gap-2">
        {tipPercents(tips).map((percent) => (
          <label key={percent} className={OPTION}>
            <input type="radio" className="sr-only" name="tip" checked={!custom && value.percent === percent} onChange={() => onChange({ percent })} />
            {percent === 0 ? 'No tip' : `${percent}% (${formatCents(tipCents(subtotalCents, { percent }))})`}
          </label>
        ))}
        {tips.custom ? (
          <label className={OPTION}>
            <input type="radio" className="sr-only" name="tip" checked={custom} onChange={() => onChange({ custom: '' })} />
            Custom
          </label>
        ) : null}
      </div>
      {custom ? (
        <Field id="tip-custom" label="Your tip in dollars" hint={`From $0 up to the food's price, ${formatCents(subtotalCents)}.`} error={error}>
          {(described) => (
            <input
              {...described}
              type="number"
              inputMode="decimal"
              min={0}
              max={subtotalCents / 100}
              step="0.01"
              value={value.custom}
              onChange={(event) => onChange({ custom: event.target.value })}
              className={`${INPUT} max-w-40`}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
