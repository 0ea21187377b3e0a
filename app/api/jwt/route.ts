import { NextResponse } from 'next/server';
import { readJson, route } from '@/lib/api/http';
import { jwtBodySchema } from '@/lib/validation/auth';
import { verifyFirebaseIdToken } from '@/lib/auth/firebase-admin';
import { assertSameOrigin, createSessionToken, sessionCookie } from '@/lib/auth/session';
import { LIMITS, enforceRateLimit } from '@/lib/rate-limit';

/**
 * Exchanges a Firebase ID token, verified with firebase-admin, for the product's session.
 * Never from an email alone: the original minted a token for whatever email it was sent.
 */
export const POST = route(async (req) => {
  // A forged page must not be able to sign a visitor in as someone else (login CSRF).
  assertSameOrigin(req);
  await enforceRateLimit(req, LIMITS.jwt);
  const { idToken } = await readJson(req, jwtBodySchema);
  const identity = await verifyFirebaseIdToken(idToken);
  const token = await createSessionToken(identity);
  const res = NextResponse.json({ token });
  res.cookies.set(sessionCookie(token));
  return res;
});
