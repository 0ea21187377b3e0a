import { api } from './api';

/**
 * Ends the session: the server ends its token (every token of the user with `everywhere`) and
 * clears its cookie, and the Firebase SDK (loaded only now, so public pages never carry it)
 * forgets its user so the login page does not sign back in.
 */
export async function logout({ everywhere = false } = {}): Promise<void> {
  await api(everywhere ? '/api/logout?everywhere=1' : '/api/logout', { method: 'POST', public: true }).catch(() => undefined);
  try {
    const [{ signOut }, { getFirebaseAuth }] = await Promise.all([import('firebase/auth'), import('@/lib/firebase/client')]);
    await signOut(getFirebaseAuth());
  } catch {
    // The server session is gone already; a Firebase SDK that cannot load changes nothing.
  }
}
