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

async function accounts(endpoint: 'signUp' | 'signInWithPassword' | 'update', body: Record<string, unknown>): Promise<FirebaseSignIn & { error?: { message: string } }> {
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

const PROJECT_ID = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-bistro';

/**
 * Verifies the account's email the way its owner would: Firebase mails a link (the emulator
 * keeps it, readable from its REST API) and the owner opens it.
 */
export async function verifyEmail(idToken: string, email: string): Promise<void> {
  const base = `http://${emulator()}`;
  const sent = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  if (!sent.ok) throw new Error(`emulator refused to send the verification mail: ${await sent.text()}`);
  const { oobCodes } = (await (await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const mail = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const opened = await fetch(mail.oobLink);
  if (!opened.ok) throw new Error(`the verification link failed: ${opened.status}`);
}

/** A fresh ID token for an existing account: what a new sign-in gets. */
export async function signInIdToken(email: string, password: string): Promise<FirebaseSignIn> {
  const answer = await accounts('signInWithPassword', { email, password });
  if (answer.error) throw new Error(`emulator sign-in failed: ${answer.error.message}`);
  return answer;
}

/** A new Firebase anonymous account, as Continue as guest makes one (signInAnonymously): its ID token and uid. */
export async function anonymousSignIn(): Promise<FirebaseSignIn> {
  const answer = await accounts('signUp', {});
  if (answer.error) throw new Error(`emulator anonymous sign-in failed: ${answer.error.message}`);
  return answer;
}

/** Links an email and password to an anonymous account, as signing up as a guest does (linkWithCredential): the account's new ID token. */
export async function linkEmailPassword(idToken: string, email: string, password = 'Fresh#2024'): Promise<FirebaseSignIn> {
  const answer = await accounts('update', { idToken, email, password });
  if (answer.error) throw new Error(`emulator link failed: ${answer.error.message}`);
  return answer;
}
