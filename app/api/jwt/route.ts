import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { jwtBodySchema } from '@/lib/auth/schemas';
import { verifyFirebaseIdToken } from '@/lib/auth/firebase-admin';
import { assertSameOrigin } from '@/lib/auth/csrf';
import { createSessionToken, sessionCookie } from '@/lib/auth/session';
import { admitGuest } from '@/lib/users/guests';
import { signIn } from '@/lib/users/sign-in';
import { LIMITS, enforceLimit } from '@/lib/rate-limit';

/**
 * Sign-in: a Firebase ID token, verified with firebase-admin, becomes the user record (found or
 * made) and the product's session. Never from an email alone. A guest's anonymous account gets a
 * guest's session. The limits never let one person use up everybody else's sign-ins behind a
 * shared address: refused tokens count per address, sign-ins per person, and new guests per
 * browser (with a ceiling per address that only a flood reaches).
 */
export const POST = route(async (req) => {
  // A forged page must not be able to sign a visitor in as someone else (login CSRF).
  assertSameOrigin(req);
  const { idToken } = await readJson(req, jwtBodySchema);
  const identity = await verifyFirebaseIdToken(idToken).catch(async (err: unknown) => {
    await enforceLimit(LIMITS.jwt, { address: req });
    throw err;
  });
  await enforceLimit(LIMITS.signIn, { user: identity.uid });
  const user = await signIn(identity, { admitGuest: () => admitGuest(req) });
  const token = await createSessionToken(identity, user.sessionVersion ?? 0);
  const res = NextResponse.json({ token });
  res.cookies.set(sessionCookie(token));
  return res;
});
