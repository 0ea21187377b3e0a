'use client';

import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { fetcher } from '@/lib/client/api';
import { swrConfig } from '@/lib/client/swr-config';

export function Providers({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrConfig, fetcher }}>{children}</SWRConfig>;
}
