'use client';

import { useEffect, useId, useState } from 'react';
import { INPUT } from '@/components/ui/field';
import { dayLabel } from '@/lib/fulfilment/labels';
import { PICKUP_DAYS_AHEAD } from '@/lib/fulfilment/slots';
import type { PickupSlot } from '@/lib/fulfilment/types';
import { addDays } from '@/lib/reservations/calendar';
import { zonedClock } from '@/lib/settings/schedule';
import { setOrderTime, useOrderTime } from './menu-moment';

/**
 * A day and one of its pickup times, as the payment page offers them (GET /api/pickup-slots): the
 * menu is then judged for that time. Loaded by the order page's chooser when first opened.
 */
export default function OrderTimePicker({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const id = useId();
  const chosen = useOrderTime();
  const [today] = useState(() => zonedClock(new Date(), timeZone).today);
  const days = Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i));
  const [date, setDate] = useState(chosen?.date ?? days[1]!);
  const [time, setTime] = useState(chosen?.time ?? '');
  // What was fetched, for which day: another day's answer reads as still loading.
  const [loaded, setLoaded] = useState<{ date: string; slots: PickupSlot[] | null } | null>(null);
  const slots = loaded?.date === date ? loaded.slots : null;
  const failed = loaded?.date === date && loaded.slots === null;

  useEffect(() => {
    let gone = false;
    fetch(`/api/pickup-slots?date=${date}&load=1`)
      .then((res) => (res.ok ? (res.json() as Promise<PickupSlot[]>) : Promise.reject(new Error(String(res.status)))))
      .then((found) => {
        if (gone) return;
        setLoaded({ date, slots: found });
        setTime((current) => (found.some((slot) => slot.time === current) ? current : (found.find((slot) => slot.available)?.time ?? '')));
      })
      .catch(() => !gone && setLoaded({ date, slots: null }));
    return () => {
      gone = true;
    };
  }, [date]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!time) return;
        setOrderTime({ date, time });
        onDone();
      }}
      className="mx-auto mt-3 flex max-w-2xl flex-wrap items-end justify-center gap-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <label htmlFor={`${id}-day`} className="text-sm font-semibold">
        Day
        <select id={`${id}-day`} value={date} onChange={(event) => setDate(event.target.value)} className={`${INPUT} mt-1`}>
          {days.map((day) => (
            <option key={day} value={day}>
              {dayLabel(day, today)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-time`} className="text-sm font-semibold">
        Pickup time
        <select id={`${id}-time`} value={time} onChange={(event) => setTime(event.target.value)} disabled={!slots?.length} className={`${INPUT} mt-1`}>
          {slots?.length ? null : <option value="">{failed ? 'Could not load the times' : slots ? 'Closed that day' : 'Loading…'}</option>}
          {slots?.map((slot) => (
            <option key={slot.time} value={slot.time} disabled={!slot.available}>
              {slot.time}
              {slot.available ? '' : ' (full)'}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!time} className="min-h-11 rounded bg-gold px-5 font-semibold text-white hover:bg-gold-dark disabled:opacity-60">
        See the menu then
      </button>
      <button type="button" onClick={onDone} className="min-h-11 px-2 text-sm font-semibold underline">
        Cancel
      </button>
    </form>
  );
}
