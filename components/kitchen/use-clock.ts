'use client';

import { useEffect, useState } from 'react';

/** A device whose clock is further off than this is corrected by the server's. */
const TRUSTED_SKEW_MS = 60_000;

/**
 * The time, updated every `everyMs`, for ticket ages. It starts at the server's time of rendering
 * (`serverNow`), so the first paint matches the server's; a device whose clock is clearly wrong
 * (more than a minute off the server's) counts from the server's time instead of its own.
 */
export function useClock(serverNow: number, everyMs: number): number {
  const [now, setNow] = useState(serverNow);

  useEffect(() => {
    const skew = serverNow - Date.now();
    const offset = Math.abs(skew) > TRUSTED_SKEW_MS ? skew : 0;
    const tick = () => setNow(Date.now() + offset);
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [serverNow, everyMs]);

  return now;
}
