import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { SESSION_COOKIE, verifySessionToken, type SessionClaims } from '@/lib/auth/session';
import { findUserByEmail } from '@/lib/users/users';

export interface CurrentUser extends SessionClaims {
  admin: boolean;
}

/**
 * The signed-in user of the page being rendered, with the role from the database, or null.
 * Memoised per request: the dashboard layout, the admin guard and the page all ask.
 */
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = await verifySessionToken(token);
  if (!session) return null;
  const record = await findUserByEmail(session.email);
  return { ...session, name: session.name || record?.name, admin: record?.role === 'admin' };
});
