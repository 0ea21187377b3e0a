/** Accounts in the Firebase Auth Emulator, made through its REST API as the browser would. */

const emulator = () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the Vitest global setup starts the emulator.');
  return host;
};

export interface FirebaseSignIn {
  idToken: string;
  localId: string;
}

async function accounts(endpoint: 'signUp' | 'signInWithPassword', body: Record<string, unknown>): Promise<FirebaseSignIn & { error?: { message: string } }> {
  const res = await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return (await res.json()) as FirebaseSignIn & { error?: { message: string } };
}

/** Creates the account; throws when the emulator refuses (an email already taken, say). */
export async function createFirebaseAccount(email: string, password = 'Fresh#2024', displayName?: string): Promise<FirebaseSignIn> {
  const answer = await accounts('signUp', { email, password, ...(displayName ? { displayName } : {}) });
  if (answer.error) throw new Error(`emulator sign-up failed: ${answer.error.message}`);
  return answer;
}

/** A Firebase ID token for the account, creating the account first when there is none. */
export async function firebaseIdToken(email: string, password = 'Test#2024', displayName = 'Test User'): Promise<string> {
  let answer = await accounts('signUp', { email, password, displayName });
  if (answer.error) answer = await accounts('signInWithPassword', { email, password });
  if (answer.error) throw new Error(`emulator sign-in failed: ${answer.error.message}`);
  return answer.idToken;
}
