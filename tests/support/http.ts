/**
 * Calling route handlers the way Next.js does: with a real `Request`, and the route params as a
 * promise. `request()` builds the Request; `call()` also sends it and reads the JSON answer.
 */
import { SESSION_COOKIE } from '@/lib/auth/session';

/** The origin every test request is addressed to, and the Origin our own pages send. */
export const SITE = 'http://localhost:3000';

export interface RequestInit {
  headers?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
}

export function request(method: string, path: string, { headers = {}, json, body }: RequestInit = {}): Request {
  return new Request(`${SITE}${path}`, {
    method,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? body : JSON.stringify(json),
  });
}

/** The second argument of a dynamic route's handler. */
export const params = <P,>(value: P) => ({ params: Promise.resolve(value) });

export async function errorOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: unknown };
  return String(body.error);
}

/** Any route handler: its context (the route params) is checked by the handler, not here. */
type Handler = (req: Request, ctx: never) => Promise<Response> | Response;

/** Anybody holding a session token. */
export interface TokenHolder {
  token: string;
}

export interface CallOptions {
  method?: string;
  /** Sent as `Authorization: Bearer`. */
  as?: TokenHolder;
  /** Sent as the session cookie instead, with `origin` when given. */
  cookieOf?: TokenHolder;
  origin?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T = unknown>(handler: Handler, path: string, options: CallOptions = {}, ctx?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) headers.authorization = `Bearer ${options.as.token}`;
  if (options.cookieOf) headers.cookie = `${SESSION_COOKIE}=${options.cookieOf.token}`;
  if (options.origin) headers.origin = options.origin;
  const method = options.method ?? (options.body === undefined && options.json === undefined ? 'GET' : 'POST');
  const req = request(method, path, { headers, json: options.json, body: options.body });
  const res = await handler(req, ctx as never);
  return { status: res.status, body: (await res.json()) as T };
}
