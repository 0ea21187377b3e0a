'use client';

import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while the page is shown, where the browser offers the Screen Wake Lock API.
 * The browser releases the lock whenever the page is hidden, so it is asked for again on return.
 * `awake` says whether the lock is held.
 */
export function useWakeLock(): boolean {
  const [awake, setAwake] = useState(false);

  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let gone = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (gone) return void lock.release();
        setAwake(true);
        lock.addEventListener('release', () => setAwake(false));
      } catch {
        // Refused (battery saver, no permission): the screen follows its own settings.
        setAwake(false);
      }
    };
    void request();
    document.addEventListener('visibilitychange', request);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, []);

  return awake;
}
