'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { fetcher, setUnauthorizedHandler } from '@/lib/client/api';
import { swrConfig } from '@/lib/client/swr-config';
import { logout } from '@/lib/client/logout';
import { SESSION_KEY } from './use-session';

/** A secured call answered 401/403 logs the user out and goes to /login (spec §8), once, here. */
function UnauthorizedRedirect() {
  const router = useRouter();
  const pathname = usePathname();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    let handling = false;
    setUnauthorizedHandler(() => {
      if (handling) return;
      handling = true;
      void logout().then(async () => {
        await mutate(SESSION_KEY, { user: null }, { revalidate: false });
        router.push(`/login?from=${encodeURIComponent(pathname ?? '/')}`);
        handling = false;
      });
    });
    return () => setUnauthorizedHandler(null);
  }, [router, pathname, mutate]);
  return null;
}

/** SWR's fetcher and retry rules for the client components below; `fallback` is what the server already read, keyed as they fetch it. */
export function SwrDefaults({ children, fallback }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return <SWRConfig value={{ ...swrConfig, fetcher, ...(fallback ? { fallback } : {}) }}>{children}</SWRConfig>;
}

/** SWR and the 401 handler, for the pages whose client components make secured calls (the dashboard, sign-in). */
export function Providers({ children, fallback }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return (
    <SwrDefaults fallback={fallback}>
      <UnauthorizedRedirect />
      {children}
    </SwrDefaults>
  );
}
