/**
 * The browser's one way to call the product's API. Sessions ride in an httpOnly cookie, so no
 * token is attached here. A 401 or 403 on a secured call logs the user out and sends them to
 * /login (spec §8), in this one place, and the error still reaches the caller.
 */

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

export async function api<T>(url: string, { json, public: isPublic, headers, ...init }: ApiOptions = {}): Promise<T> {
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
  return body as T;
}

/** SWR fetcher for secured GET calls. */
export const fetcher = <T,>(url: string) => api<T>(url);
