'use client';

import { useState } from 'react';
import { ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';

/**
 * One admin action at a time per button: `busy` while it runs, and a failure shown to the admin
 * in words (the server's message when it sent one) instead of being lost in the console.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      void notify.error(err instanceof ApiError ? err.message : 'Please try again.', 'That did not work');
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
