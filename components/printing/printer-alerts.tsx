'use client';

import useSWR from 'swr';
import { api, ApiError, fetcher } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { PrinterAlerts } from '@/lib/printing/types';

/** Printers' alerts, asked again every minute (staff): how many printers there are, and which need looking at. */
export function usePrinterAlerts(fallbackData?: PrinterAlerts) {
  const { data } = useSWR<PrinterAlerts>('/api/printers/alerts', fetcher, { fallbackData, refreshInterval: 60_000 });
  return data ?? { printers: 0, alerts: [] };
}

/** The printers to look at, in words, read out when they appear; nothing when all is well. */
export function PrinterAlertList({ alerts }: Pick<PrinterAlerts, 'alerts'>) {
  if (!alerts.length) return null;
  return (
    <div role="alert" className="rounded bg-amber-50 px-4 py-3 text-amber-950 ring-2 ring-amber-600">
      <p className="font-semibold">Printers need looking at</p>
      <ul className="mt-1 list-disc pl-6">
        {alerts.map((alert) => (
          <li key={alert.printerId}>{alert.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Sends a copy of the order's tickets marked REPRINT, and says what happened. */
export async function reprintTickets(orderId: string, label: string): Promise<void> {
  try {
    const { queued } = await api<{ queued: number }>(`/api/orders/${orderId}/reprint`, { method: 'POST' });
    void notify.toast(queued ? `${label}: reprint sent to ${queued} printer${queued === 1 ? '' : 's'}` : `${label}: a reprint is already waiting`);
  } catch (err) {
    void notify.error(err instanceof ApiError ? err.message : 'Please try again.', `${label} could not be reprinted`);
  }
}
