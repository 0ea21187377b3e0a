'use client';

import { useState } from 'react';
import { describeAuthError } from '@/lib/client/auth-flow';
import { useFinishSignIn } from './use-finish-sign-in';

/** 'Continue with Google': the popup with real Firebase, a demo Google account on the emulator. */
export function GoogleButton({ onError, divider }: { onError: (message: string) => void; divider: string }) {
  const finish = useFinishSignIn();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    onError('');
    try {
      const { getFirebaseAuth, googleSignIn } = await import('@/lib/firebase/client');
      const { user } = await googleSignIn(getFirebaseAuth());
      await finish(user, { notice: 'User Login Successfull' });
    } catch (err) {
      onError(describeAuthError(err));
      setBusy(false);
    }
  }

  return (
    <>
      <div className="flex items-center gap-3 text-xs text-gray-500 uppercase">
        <span className="h-px flex-1 bg-gray-300" />
        {divider}
        <span className="h-px flex-1 bg-gray-300" />
      </div>
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        className="flex w-full items-center justify-center gap-3 rounded border border-gray-300 bg-white px-4 py-3 font-semibold hover:bg-gray-50 disabled:opacity-60"
      >
        <svg viewBox="0 0 48 48" aria-hidden="true" className="h-5 w-5">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3A12 12 0 1 1 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 1 0 44 24c0-1.2-.1-2.3-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8A12 12 0 0 1 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 0 0 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A12 12 0 0 1 12.7 28l-6.5 5A20 20 0 0 0 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z" />
        </svg>
        {busy ? 'Signing in…' : 'Continue with Google'}
      </button>
    </>
  );
}
