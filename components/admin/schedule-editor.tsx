'use client';

import { CheckList } from '@/components/ui/check-list';
import { MAX_SCHEDULE_WINDOWS } from '@/lib/menu/schemas';
import type { MenuSchedule } from '@/lib/menu/types';
import { WEEKDAYS, WEEKDAY_NAMES } from '@/lib/settings/types';

const SMALL_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-cream disabled:cursor-not-allowed disabled:opacity-40';
const TIME_INPUT = 'mt-1 min-h-11 w-full rounded border border-gray-300 bg-white px-3 aria-invalid:border-red-500';

/** A new schedule starts as breakfast every day, the commonest reason to have one. */
export const NEW_SCHEDULE: MenuSchedule = {
  days: [...WEEKDAYS],
  windows: [{ opens: '07:00', closes: '11:00', overnight: false }],
};

interface ScheduleEditorProps {
  /** Prefixes the ids of its fields, so two editors may share a page. */
  id: string;
  /** What it is the schedule of, for the labels read out ("Breakfast", "Pancakes"). */
  of: string;
  value: MenuSchedule;
  onChange: (schedule: MenuSchedule) => void;
  /** The message of the schema's issue at a path inside the schedule ('days', 'windows.0.closes'), if any. */
  errorAt: (path: string) => string | undefined;
}

/**
 * The weekdays and the time windows of a dish's or a section's schedule, in the restaurant's
 * time zone. The schema (lib/menu/schemas.ts `menuScheduleSchema`) judges it; this only edits it.
 */
export function ScheduleEditor({ id, of, value, onChange, errorAt }: ScheduleEditorProps) {
  const { days, windows } = value;
  const setWindow = (i: number, change: Partial<MenuSchedule['windows'][number]>) =>
    onChange({
      days,
      windows: windows.map((w, j) => (j === i ? { ...w, ...change } : w)),
    });
  const daysError = errorAt('days');
  const windowsError = errorAt('windows');
  return (
    <div className="space-y-3">
      <CheckList
        legend={`Days ${of} is served`}
        className="flex flex-wrap gap-x-4"
        legendClassName="w-full text-sm font-semibold"
        keys={WEEKDAYS}
        labels={WEEKDAY_NAMES}
        box={(day) => ({
          checked: days.includes(day),
          onChange: (e) =>
            onChange({
              windows,
              days: e.target.checked ? WEEKDAYS.filter((d) => d === day || days.includes(d)) : days.filter((d) => d !== day),
            }),
          'aria-describedby': daysError ? `${id}-days-error` : undefined,
        })}
      >
        {daysError ? (
          <p id={`${id}-days-error`} className="w-full text-sm text-red-600">
            {daysError}
          </p>
        ) : null}
      </CheckList>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Hours {of} is served (the restaurant&apos;s time)</legend>
        {windows.map((w, i) => {
          const opensError = errorAt(`windows.${i}.opens`);
          const closesError = errorAt(`windows.${i}.closes`);
          const errorId = `${id}-window-${i}-error`;
          return (
            <div key={i} className="grid items-end gap-3 rounded bg-cream p-3 sm:grid-cols-[8rem_8rem_1fr_auto]">
              {(['opens', 'closes'] as const).map((end) => (
                <label key={end} className="text-sm">
                  {end === 'opens' ? 'From' : 'To'}
                  <input
                    type="time"
                    required
                    value={w[end]}
                    onChange={(e) => setWindow(i, { [end]: e.target.value })}
                    aria-label={`Window ${i + 1} ${end === 'opens' ? 'from' : 'to'}`}
                    aria-invalid={Boolean(end === 'opens' ? opensError : closesError)}
                    aria-describedby={opensError || closesError ? errorId : undefined}
                    className={TIME_INPUT}
                  />
                </label>
              ))}
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" checked={w.overnight} onChange={(e) => setWindow(i, { overnight: e.target.checked })} className="h-4 w-4 accent-gold" />
                Past midnight
              </label>
              <button
                type="button"
                className={`${SMALL_BUTTON} text-red-800`}
                disabled={windows.length === 1}
                onClick={() => onChange({ days, windows: windows.filter((_, j) => j !== i) })}
                aria-label={`Remove window ${i + 1}`}
              >
                Remove
              </button>
              {opensError || closesError ? (
                <p id={errorId} className="text-sm text-red-800 sm:col-span-4">
                  {[opensError, closesError].filter(Boolean).join(' ')}
                </p>
              ) : null}
            </div>
          );
        })}
        {windowsError ? <p className="text-sm text-red-600">{windowsError}</p> : null}
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={windows.length >= MAX_SCHEDULE_WINDOWS}
          onClick={() =>
            onChange({
              days,
              windows: [...windows, { opens: '17:00', closes: '22:00', overnight: false }],
            })
          }
        >
          Add a window
        </button>
      </fieldset>
    </div>
  );
}
