import type { SWRConfiguration } from 'swr';
import { ApiError } from './api';

/** Spec §9: three retries, 1 s doubled each time up to 30 s; no retry on a client error. */
export const swrConfig: SWRConfiguration = {
  dedupingInterval: 2000,
  revalidateOnFocus: true,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount > 3) return;
    const delay = Math.min(30_000, 1000 * 2 ** (retryCount - 1));
    setTimeout(() => revalidate({ retryCount }), delay);
  },
};
