/**
 * The browser's one way to call the product's API. Sessions ride in an httpOnly cookie, so no
 * token is attached here. A 401 or 403 on a secured call logs the user out and sends them to
 * /login (spec §8), in this one place, and the error still reaches the caller.
 */

import { nextLink, parseTotalHeader, type ListPage } from '@/lib/pagination/link';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: (() => void) | null = null;

/** The session provider registers what a 401/403 should do (log out, go to /login). */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** For calls made without `api()` (an upload with progress): a 401/403 logs the user out too. */
export function reportStatus(status: number) {
  if (status === 401 || status === 403) onUnauthorized?.();
}

interface ApiOptions extends Omit<RequestInit, 'body'> {
  json?: unknown;
  /** Public calls (the session probe) must not log anybody out on 401. */
  public?: boolean;
}

export async function api<T>(url: string, options: ApiOptions = {}): Promise<T> {
  return (await send<T>(url, options)).body;
}

/** One page of a list: its rows, the next page from the `Link` header, the count from `X-Total-Count`. */
export async function apiPage<T>(url: string): Promise<ListPage<T>> {
  const { body, res } = await send<T[]>(url);
  return { items: body, next: nextLink(res.headers.get('link')), total: parseTotalHeader(res.headers.get('x-total-count')) };
}

async function send<T>(url: string, { json, public: isPublic, headers, ...init }: ApiOptions = {}): Promise<{ body: T; res: Response }> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `Request failed (${res.status})`;
    if (!isPublic) reportStatus(res.status);
    throw new ApiError(res.status, message);
  }
  return { body: body as T, res };
}

/** SWR fetcher for secured GET calls. */
export const fetcher = <T,>(url: string) => api<T>(url);
