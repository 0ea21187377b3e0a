'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { AccountPlaceholder } from './account-placeholder';

/**
 * The top bar's account area (login links, or dashboard, cart badge, avatar and logout) as a late
 * island: its code (SWR, the session and cart hooks) is fetched once the page is idle after it
 * became interactive, so the public pages' first load carries none of it. Pages never depend on
 * it: every public page renders and works (Add To Cart included) before it arrives.
 */
export function AccountArea() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void import('./account-nav').then((mod) => {
        if (live) setLoaded(() => mod.AccountNav);
      });
    const idle = window.requestIdleCallback?.(load, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(load, 200) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);

  return Loaded ? <Loaded /> : <AccountPlaceholder />;
}
