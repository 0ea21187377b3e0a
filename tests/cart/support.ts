/**
 * Shared by the cart and payment handler tests: signed-in callers and one way to call a route
 * handler with a real Request, the way Next.js does.
 */
import { ObjectId } from 'mongodb';
import { SESSION_COOKIE, createSessionToken } from '@/lib/auth/session';
import { collections } from '@/lib/db';

export const SITE = 'http://localhost:3000';

export interface Caller {
  email: string;
  token: string;
}

export async function signIn(email: string): Promise<Caller> {
  return { email, token: await createSessionToken({ uid: `uid-${email}`, email }) };
}

/** Any route handler: its context (the route params) is checked by the handler, not here. */
type Handler = (req: Request, ctx: never) => Promise<Response> | Response;

export interface CallOptions {
  method?: string;
  /** Sent as `Authorization: Bearer`. */
  as?: Caller;
  /** Sent as the session cookie instead, with `origin` when given. */
  cookieOf?: Caller;
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
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const req = new Request(`${SITE}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const res = await handler(req, ctx as never);
  return { status: res.status, body: (await res.json()) as T };
}

export const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
export const emailParams = (email: string) => ({ params: Promise.resolve({ email }) });

/** Two menu items priced for the examples: 3 × 14.50 + 9.95 = 53.45. */
export async function pricedMenuItems(): Promise<{ soup: string; salad: string }> {
  const { menu } = await collections();
  const [soup, salad] = await menu.find({}).sort({ _id: 1 }).limit(2).toArray();
  await menu.updateOne({ _id: soup!._id }, { $set: { price: 14.5 } });
  await menu.updateOne({ _id: salad!._id }, { $set: { price: 9.95 } });
  return { soup: soup!._id.toHexString(), salad: salad!._id.toHexString() };
}

export async function setMenuPrice(menuId: string, price: number): Promise<void> {
  const { menu } = await collections();
  await menu.updateOne({ _id: new ObjectId(menuId) }, { $set: { price } });
}
