'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';

/**
 * New QR codes for every table: the codes printed so far stop ordering for their tables (a sheet
 * that walked out of the restaurant, a photo of one online), and the sheet below is printed again.
 */
export function NewCodesButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    const confirmed = await notify.confirm({
      icon: 'warning',
      title: 'Make new QR codes?',
      text: 'Every QR code printed so far will stop working at once. Print the new sheet and put it on the tables.',
      confirmButtonText: 'Yes, make new codes',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await api('/api/tables/key', { method: 'POST' });
      void notify.toast('New QR codes made: print them');
      router.refresh();
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'The codes could not be changed. Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" disabled={busy} onClick={() => void onClick()} className="min-h-11 rounded border-2 border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50">
      {busy ? 'Making new codes…' : 'Make new QR codes'}
    </button>
  );
}
