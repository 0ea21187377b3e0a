import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { HttpError } from '@/lib/api/http';
import { collections } from '@/lib/db';
import { normalizeEmail } from '@/lib/users/email';
import { guestSeenDue, guestUntil } from '@/lib/users/guest-idle';
import { assertSameOrigin } from './csrf';
import { hasRole, type Role, type RolesUpTo } from './roles';
import { SESSION_COOKIE, sessionTokensOf, verifySessionToken } from './session';
import type { SessionResponse } from './types';

/**
 * Who is asking: the one place a request's session becomes a person with a role.
 *
 * - `viewerOf(req)` / `requireViewer(req, role?)` for route handlers (Bearer token or cookie);
 * - `getViewer()` / `requirePageViewer(role?)` for pages and layouts (the cookie), once per request
 *   (a dashboard page asks through `requirePage`, lib/dashboard/guard.ts, by its path);
 * - `viewerOfSessionToken(token)` for proxy.ts.
 *
 * A token is only a session while its user record exists and still accepts it (deleted users,
 * role changes, logouts and "sign out everywhere" end it), so every answer reads the record.
 *
 * Every function in lib/ that reads or changes non-public data takes the Viewer, or a Viewer
 * narrowed to a role (`Staff`, `Admin`), and calls `authorize` itself. The narrowed types carry a brand
 * only this module can attach, so calling an admin function without having checked the role
 * does not compile; `authorize` checks the same at run time for anything that got around it.
 * A `Shopper` is anybody with a session, a guest included: only what a guest may do (the cart,
 * its checkout, their own orders) takes one; everything else takes a `Viewer`, so a guest reaching
 * it does not compile, and is refused at run time.
 */

declare const granted: unique symbol;

interface Person {
  /** The Firebase uid: what everything a person owns is keyed by. */
  readonly uid: string;
  /** A guest's is a stand-in made from the uid (lib/users/guests.ts): never written to. */
  readonly email: string;
  readonly name: string;
  readonly picture: string | null;
  readonly role: Role;
  readonly emailVerified: boolean;
  /** The user record's id. */
  readonly userId: string;
  /** This session, which logout ends. */
  readonly sessionId: string;
  readonly sessionExpiresAt: Date;
}

/** A signed-in person known to hold `R` (and so every role below it). */
export type ViewerAs<R extends Role> = Person & { readonly [granted]: { readonly [K in RolesUpTo<R>]: true } };
/** Anybody with a session: a guest, or a person with an account. */
export type Shopper = ViewerAs<'guest'>;
export type Viewer = ViewerAs<'diner'>;
export type Staff = ViewerAs<'staff'>;
export type Admin = ViewerAs<'admin'>;

export const LOG_IN = 'Please log in.';

/** What a person lacking the role is told. */
const REFUSALS: Record<Role, string> = {
  guest: LOG_IN,
  diner: 'Guests can order and see their own orders only. Sign up to do this.',
  staff: 'Only restaurant staff may do this.',
  admin: 'Only admins may do this.',
};

// On globalThis: Next.js may load this module in more than one bundle of the same process.
const g = globalThis as { __bistroViewers?: WeakSet<object> };
const minted = (g.__bistroViewers ??= new WeakSet());

/** The person a session token belongs to, or null when it is not (or no longer) a session. */
export async function viewerOfSessionToken(token: string | undefined): Promise<Shopper | null> {
  const claims = await verifySessionToken(token);
  if (!claims) return null;
  const { users } = await collections();
  const record = await users.findOne({ uid: claims.uid });
  if (!record) return null;
  if ((record.sessionVersion ?? 0) !== claims.version) return null;
  if (record.revokedSessions?.some((ended) => ended.id === claims.sessionId)) return null;
  // A guest seen is not idle: their record is kept 30 days from now (one write a day at most).
  if (record.guestUntil && guestSeenDue(record.guestUntil)) await users.updateOne({ _id: record._id, guestUntil: record.guestUntil }, { $set: { guestUntil: guestUntil(new Date()) } });
  const viewer = Object.freeze({
    uid: claims.uid,
    email: record.email,
    name: claims.name || record.name || record.email,
    picture: claims.picture ?? null,
    // A guest's role is what their account is, whatever the record might say.
    role: record.guestUntil ? 'guest' : (record.role ?? 'diner'),
    emailVerified: record.emailVerified === true,
    userId: record._id.toHexString(),
    sessionId: claims.sessionId,
    sessionExpiresAt: claims.expiresAt,
  }) as unknown as Shopper;
  minted.add(viewer);
  return viewer;
}

/**
 * The signed-in person of a request: its Bearer token when that is a session, else its cookie.
 * A state-changing request riding on the cookie must come from our own pages (403 otherwise).
 */
export async function viewerOf(req: Request): Promise<Shopper | null> {
  for (const { token, source } of sessionTokensOf(req)) {
    const viewer = await viewerOfSessionToken(token);
    if (!viewer) continue;
    if (source === 'cookie') assertSameOrigin(req);
    return viewer;
  }
  return null;
}

/** The signed-in person of a request, holding `role` when one is named: else 401 or 403. */
export async function requireViewer(req: Request): Promise<Viewer>;
export async function requireViewer<R extends Role>(req: Request, role: R): Promise<ViewerAs<R>>;
export async function requireViewer(req: Request, role: Role = 'diner'): Promise<Shopper> {
  const viewer = await viewerOf(req);
  if (!viewer) throw new HttpError(401, LOG_IN);
  return narrow(viewer, role);
}

/** The viewer as one holding `role`: else 403. */
export function narrow<R extends Role>(viewer: Shopper, role: R): ViewerAs<R> {
  authorize(viewer, role);
  return viewer as unknown as ViewerAs<R>;
}

/**
 * The check every data-layer function makes first: a viewer this module resolved, holding
 * `role`. It repeats at run time what the types already say, for callers that cast.
 */
export function authorize(viewer: Shopper, role: Role = 'diner'): void {
  if (!minted.has(viewer)) throw new HttpError(401, LOG_IN);
  if (!hasRole(viewer.role, role)) throw new HttpError(403, REFUSALS[role]);
}

/** An email named in a path or query must be the viewer's own. */
export function assertOwnEmail(viewer: Shopper, email: string): void {
  if (normalizeEmail(email) !== normalizeEmail(viewer.email)) {
    throw new HttpError(403, "You may only see your own account's data.");
  }
}

/** The signed-in person of the page being rendered, or null. Resolved once per request. */
export const getViewer = cache(async (): Promise<Shopper | null> => viewerOfSessionToken((await cookies()).get(SESSION_COOKIE)?.value));

/**
 * For pages: the signed-in person holding `role`. Anybody else is sent away (to /login, or home
 * when signed in without the role). proxy.ts already did so with a real redirect before any
 * rendering began; this is the same rule, for a page reached some other way.
 */
export async function requirePageViewer(): Promise<Viewer>;
export async function requirePageViewer<R extends Role>(role: R): Promise<ViewerAs<R>>;
export async function requirePageViewer(role: Role = 'diner'): Promise<Shopper> {
  const viewer = await getViewer();
  if (!viewer) redirect('/login');
  if (!hasRole(viewer.role, role)) redirect('/');
  return narrow(viewer, role);
}

/**
 * What the browser learns of who is signed in (GET /api/session, and the dashboard's first HTML),
 * and whether a visitor may continue as a guest.
 */
export function sessionResponseOf(viewer: Shopper | null, guests: boolean): SessionResponse {
  return {
    guests,
    user: viewer && {
      email: viewer.email,
      name: viewer.name,
      photoURL: viewer.picture,
      role: viewer.role,
      admin: hasRole(viewer.role, 'admin'),
      emailVerified: viewer.emailVerified,
    },
  };
}
