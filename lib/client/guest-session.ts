import { ApiError } from './api';
import { describeAuthError, startServerSession } from './auth-flow';

/**
 * Continue as guest: a Firebase anonymous account, and a server session for it like anybody's.
 * Loaded when a visitor chooses it, so no public page carries Firebase or this. A browser that was
 * a guest before (its session ended, Firebase remembers the account) comes back as the same
 * guest, and so to the same cart and orders. Throws an Error whose message can be shown.
 */
export async function continueAsGuest(): Promise<void> {
  const [{ signInAnonymously }, { getFirebaseAuth }] = await Promise.all([import('firebase/auth'), import('@/lib/firebase/client')]);
  const auth = getFirebaseAuth();
  try {
    await auth.authStateReady();
    const user = auth.currentUser?.isAnonymous ? auth.currentUser : (await signInAnonymously(auth)).user;
    await startServerSession(user);
  } catch (err) {
    throw new Error(err instanceof ApiError ? err.message : describeAuthError(err));
  }
  // The top bar's account area (when it has loaded) shows the guest's cart from now on.
  const [{ mutate }, { SESSION_KEY }] = await Promise.all([import('swr'), import('@/components/session/session-key')]);
  await mutate(SESSION_KEY);
}
