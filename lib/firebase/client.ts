import { FirebaseError, getApp, getApps, initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  GoogleAuthProvider,
  connectAuthEmulator,
  getAuth,
  linkWithCredential,
  linkWithPopup,
  signInWithCredential,
  signInWithPopup,
  type Auth,
  type UserCredential,
} from 'firebase/auth';

/**
 * The browser's Firebase Authentication. Import it only from client components, and call
 * getFirebaseAuth() in effects and event handlers, never while rendering on the server.
 *
 * The NEXT_PUBLIC_ variables are written out in full because Next.js inlines each
 * `process.env.NEXT_PUBLIC_X` expression into the browser bundle at build time; any other way
 * of reading them gives undefined in the browser.
 *
 * With no API key configured (or NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR set) it talks to the local
 * Auth Emulator, so the app signs in without a Firebase project and without the network.
 */

const API_KEY = process.env.NEXT_PUBLIC_FIREBASE_API_KEY;
const EMULATOR_HOST = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR || (API_KEY ? undefined : '127.0.0.1:9099');

export const isAuthEmulator = Boolean(EMULATOR_HOST);

/** The Google account the emulator signs in as, since its real popup needs apis.google.com. */
export const DEMO_GOOGLE_IDENTITY = Object.freeze({
  sub: 'bistro-demo-google-diner',
  email: 'google.diner@bistro.test',
  email_verified: true,
  name: 'Gina Google',
});

const APP_NAME = 'bistro';

function firebaseOptions(): FirebaseOptions {
  if (isAuthEmulator) {
    const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-bistro';
    return { apiKey: 'demo-key', projectId, authDomain: `${projectId}.firebaseapp.com` };
  }
  return {
    apiKey: API_KEY,
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
  };
}

let auth: Auth | undefined;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const app = getApps().some((a) => a.name === APP_NAME) ? getApp(APP_NAME) : initializeApp(firebaseOptions(), APP_NAME);
  auth = getAuth(app);
  // A second call with the same settings (after a hot reload) is a no-op.
  if (EMULATOR_HOST) connectAuthEmulator(auth, `http://${EMULATOR_HOST}`, { disableWarnings: true });
  return auth;
}

/**
 * Google sign-in. With real Firebase: Firebase's popup, which opens at 500 x 600 pixels (the
 * SDK's fixed size; it cannot be set). With the emulator: a Google credential for a demo
 * identity, which the emulator accepts unsigned and which needs no network. A guest signing in
 * this way links Google to their anonymous account, so they keep their uid and their orders.
 */
export async function googleSignIn(firebaseAuth: Auth = getFirebaseAuth()): Promise<UserCredential> {
  await firebaseAuth.authStateReady();
  const guest = firebaseAuth.currentUser?.isAnonymous ? firebaseAuth.currentUser : null;
  try {
    if (isAuthEmulator) {
      const credential = GoogleAuthProvider.credential(JSON.stringify(DEMO_GOOGLE_IDENTITY));
      // A guest's anonymous account takes the Google sign-in: the uid stays, and so their orders.
      return guest ? await linkWithCredential(guest, credential) : await signInWithCredential(firebaseAuth, credential);
    }
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    return guest ? await linkWithPopup(guest, provider) : await signInWithPopup(firebaseAuth, provider);
  } catch (err) {
    // The Google account has an account here already: sign in to it (the guest's orders stay the guest's).
    const existing = guest && err instanceof FirebaseError && err.code === 'auth/credential-already-in-use' ? GoogleAuthProvider.credentialFromError(err) : null;
    if (existing) return signInWithCredential(firebaseAuth, existing);
    throw err;
  }
}
