import type { User } from 'firebase/auth';
import { api } from './api';

/**
 * After Firebase has signed the user in: exchange its ID token for the server session (the
 * httpOnly cookie; the server finds or makes the user record), then give the record the name
 * the person chose (a guest has none: they give one for each order). Nothing is kept in
 * localStorage.
 */
export async function startServerSession(user: User, name?: string | null): Promise<void> {
  const idToken = await user.getIdToken();
  await api('/api/jwt', { method: 'POST', json: { idToken }, public: true });
  if (user.isAnonymous) return;
  await api('/api/users', { method: 'POST', json: { name: name ?? user.displayName ?? undefined } });
}

/**
 * Only a path on this site (open redirect). `from` is resolved against the site's origin the way
 * the browser will resolve it, so whatever the URL parser does with it (tabs and newlines
 * dropped, backslashes read as slashes) is already done: '/\t/evil.example' resolves to another
 * origin and is refused, not checked as text and then followed.
 */
export function safeReturnPath(from: string | null | undefined, origin = window.location.origin): string {
  if (!from) return '/';
  let target: URL;
  try {
    target = new URL(from, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  if (/^\/(login|signUp)(\/|$)/.test(target.pathname)) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

/** A message a person can act on, for the Firebase error codes a sign-in can meet. */
export function describeAuthError(err: unknown): string {
  const code = (err as { code?: string } | null)?.code ?? '';
  switch (code) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return 'Wrong email or password. Check them and try again.';
    case 'auth/user-not-found':
      return 'There is no account with this email. Create one instead?';
    case 'auth/too-many-requests':
      return 'Too many attempts. Wait a few minutes, or reset your password.';
    case 'auth/user-disabled':
      return 'This account has been disabled.';
    case 'auth/email-already-in-use':
    case 'auth/credential-already-in-use':
      return 'An account with this email already exists. Log in instead.';
    case 'auth/invalid-email':
      return 'This email address is not valid.';
    case 'auth/weak-password':
      return 'This password is too weak.';
    case 'auth/popup-blocked':
      return 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return 'The sign-in window was closed before signing in.';
    case 'auth/unauthorized-domain':
      return 'This site is not authorised for sign-in. The owner must add its domain in Firebase.';
    case 'auth/network-request-failed':
      return 'Could not reach the sign-in service. Check your connection and try again.';
    case 'auth/invalid-api-key':
    case 'auth/api-key-not-valid.-please-pass-a-valid-api-key.':
      return 'Sign-in is misconfigured on this site (invalid API key).';
    default:
      return err instanceof Error && err.message ? err.message : 'Sign-in failed. Please try again.';
  }
}
