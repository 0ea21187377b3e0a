import { api } from './api';

/**
 * Ends the session everywhere: the server clears its cookie, and the Firebase SDK (loaded only
 * now, so public pages never carry it) forgets its user so the login page does not sign back in.
 */
export async function logout(): Promise<void> {
  await api('/api/logout', { method: 'POST', public: true }).catch(() => undefined);
  try {
    const [{ signOut }, { getFirebaseAuth }] = await Promise.all([import('firebase/auth'), import('@/lib/firebase/client')]);
    await signOut(getFirebaseAuth());
  } catch {
    // The server session is gone already; a Firebase SDK that cannot load changes nothing.
  }
}
