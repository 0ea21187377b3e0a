'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';

/** How long new codes may work: a day (printed each morning), a week, a month (the default), a season. */
const PERIODS = [
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
];

/**
 * New QR codes for every table, working for the period chosen here: the codes printed so far stop
 * ordering for their tables (a sheet that walked out of the restaurant, a photo of one online),
 * and the sheet below is printed again.
 */
export function NewCodesButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [days, setDays] = useState(30);

  async function onClick() {
    const confirmed = await notify.confirm({
      icon: 'warning',
      title: 'Make new QR codes?',
      text: `Every QR code printed so far will stop working at once. The new ones work for ${days === 1 ? '1 day' : `${days} days`}: print the new sheet and put it on the tables.`,
      confirmButtonText: 'Yes, make new codes',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await api('/api/tables/key', { method: 'POST', json: { days } });
      void notify.toast('New QR codes made: print them');
      router.refresh();
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'The codes could not be changed. Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-semibold">
        New codes work for
        <select value={days} onChange={(e) => setDays(Number(e.target.value))} className="mt-1 min-h-11 rounded border border-gray-400 bg-white px-3 font-normal">
          {PERIODS.map((period) => (
            <option key={period.days} value={period.days}>
              {period.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={busy} onClick={() => void onClick()} className="min-h-11 rounded border-2 border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50">
        {busy ? 'Making new codes…' : 'Make new QR codes'}
      </button>
    </div>
  );
}
