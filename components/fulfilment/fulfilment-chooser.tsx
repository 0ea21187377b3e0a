'use client';

import { dayLabel } from '@/lib/fulfilment/labels';
import type { PickupOptions, PickupSlot } from '@/lib/fulfilment/types';
import { INPUT } from '@/components/ui/field';

/** When the diner collects: the earliest slot with room, or a day and a time they choose. */
export interface PickupState {
  mode: 'asap' | 'slot';
  date: string;
  time: string;
}

interface PickupChooserProps {
  options: PickupOptions;
  today: string;
  value: PickupState;
  onChange(state: PickupState): void;
  /** The earliest time with room today, once known; undefined while closed, full or loading. */
  asapTime?: string;
  /** The slots of the chosen day, once loaded. */
  slots?: PickupSlot[];
}

// The radio is visually hidden and tapped through its label, whose border and fill show the choice.
const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded border border-gray-300 px-3 py-2 has-checked:border-gold has-checked:bg-amber-50 has-checked:font-semibold has-focus-visible:ring-2 has-focus-visible:ring-gold';

/**
 * Pickup: "as soon as possible" (only while the restaurant is open and taking orders) or a time
 * on one of the next days. A slot without room for this order is listed but cannot be chosen; a
 * closed day neither.
 */
export function PickupChooser({ options, today, value, onChange, asapTime, slots }: PickupChooserProps) {
  const slotMode = value.mode === 'slot';
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">Pickup time</legend>
      {options.tooBig ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          Your order is more than the kitchen can make for one pickup time. Please split it into smaller orders, or call us.
        </p>
      ) : options.tooBigToday ? (
        <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your order is too big for any pickup time left today. The first time with room for it is chosen below.
        </p>
      ) : null}
      {options.openNow ? (
        <label className={OPTION}>
          <input type="radio" className="sr-only" name="pickup-mode" checked={!slotMode} onChange={() => onChange({ ...value, mode: 'asap' })} />
          As soon as possible{asapTime ? ` (about ${asapTime})` : ''}
        </label>
      ) : (
        <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">We are closed right now. Choose a time for when we are open.</p>
      )}
      {options.openNow && !slotMode && slots && !asapTime && !options.tooBigToday ? (
        <p className="text-sm text-amber-900">Every pickup time left today is full. Please choose a time on another day.</p>
      ) : null}
      <label className={OPTION}>
        <input type="radio" className="sr-only" name="pickup-mode" checked={slotMode} onChange={() => onChange({ ...value, mode: 'slot' })} />
        At a time I choose
      </label>
      {slotMode ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="pickup-date" className="block text-sm font-semibold">
              Day
            </label>
            <select id="pickup-date" value={value.date} onChange={(event) => onChange({ ...value, date: event.target.value, time: '' })} className={INPUT}>
              {options.days.map((day) => (
                <option key={day.date} value={day.date} disabled={day.closed}>
                  {dayLabel(day.date, today)}
                  {day.closed ? (day.note ? ` (closed: ${day.note})` : ' (closed)') : ''}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="pickup-slot" className="block text-sm font-semibold">
              Time
            </label>
            <select
              id="pickup-slot"
              value={value.time}
              onChange={(event) => onChange({ ...value, time: event.target.value })}
              disabled={!slots?.length}
              aria-describedby={slots && !slots.some((slot) => slot.available) ? 'pickup-slot-none' : undefined}
              className={INPUT}
            >
              <option value="">{slots ? 'Choose a time' : 'Loading times…'}</option>
              {slots?.map((slot) => (
                <option key={slot.time} value={slot.time} disabled={!slot.available}>
                  {slot.time}
                  {slot.available ? '' : ' (full)'}
                </option>
              ))}
            </select>
            {slots && !slots.some((slot) => slot.available) ? (
              <p id="pickup-slot-none" className="mt-1 text-sm text-amber-900">
                No pickup time left on this day. Please choose another day.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
