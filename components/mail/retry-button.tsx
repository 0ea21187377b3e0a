'use client';

import { useRouter } from 'next/navigation';
import { useAction } from '@/components/admin/use-action';
import { api } from '@/lib/client/api';

/** Puts a failed message back in line (POST /api/mail/outbox/{id}/retry), then shows the list as it is now. */
export function RetryButton({ id, to }: { id: string; to: string }) {
  const router = useRouter();
  const { busy, run } = useAction();
  const retry = () =>
    run(async () => {
      await api(`/api/mail/outbox/${id}/retry`, { method: 'POST' });
      router.refresh();
    });
  return (
    <button type="button" onClick={retry} disabled={busy} aria-label={`Retry the message to ${to}`} className="min-h-11 min-w-11 rounded bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-gold disabled:opacity-60">
      Retry
    </button>
  );
}
