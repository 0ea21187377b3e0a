'use client';

import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { ACTION_BUTTON, Icon } from './icons';
import { useAction } from './use-action';

interface DeleteButtonProps {
  /** The DELETE endpoint, answering `{ deletedCount }`. */
  url: string;
  /** What is deleted, for the label and the notice. */
  name: string;
  onDeleted: () => Promise<unknown>;
  /** When set, the button stays focusable but does nothing, and says why. */
  disabledReason?: string;
}

/** Asks first (spec §5 wording), deletes, says so ('{name} has been deleted') and refreshes the list. */
export function DeleteButton({ url, name, onDeleted, disabledReason }: DeleteButtonProps) {
  const { busy, run } = useAction();
  const reasonId = disabledReason ? `${url.replace(/\W/g, '-')}-reason` : undefined;

  function onClick() {
    if (disabledReason || busy) return;
    void run(async () => {
      const confirmed = await notify.confirmDelete();
      if (!confirmed) return;
      const { deletedCount } = await api<{ deletedCount: number }>(url, { method: 'DELETE' });
      await onDeleted();
      if (deletedCount > 0) void notify.success(`${name} has been deleted`);
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-disabled={disabledReason ? true : undefined}
        aria-describedby={reasonId}
        aria-label={`Delete ${name}`}
        title={disabledReason ?? `Delete ${name}`}
        className={`${ACTION_BUTTON} bg-red-600 hover:bg-red-700 aria-disabled:hover:bg-red-600`}
      >
        {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" /> : <Icon name="trash" />}
      </button>
      {reasonId ? (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      ) : null}
    </>
  );
}
