import { cert, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { HttpError } from '@/lib/api/http';
import { normalizeEmail } from '@/lib/users/email';
import { guestAddress } from '@/lib/users/guest-address';

/**
 * The server's side of Firebase Authentication: checks the ID tokens the browser gets from
 * Firebase and manages Firebase accounts. Two modes, chosen by the environment:
 *
 * - Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST, e.g. 127.0.0.1:9099): offline development and
 *   tests. The project id is NEXT_PUBLIC_FIREBASE_PROJECT_ID or 'demo-bistro', the same one the
 *   emulator script and the browser use.
 * - A real Firebase project: FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY
 *   (a service account key; `\n` in the key may be written escaped, as env files need).
 */

const APP_NAME = 'bistro-auth';
const DEFAULT_EMULATOR_PROJECT_ID = 'demo-bistro';
/** Real Firebase ID tokens are about 900-1,300 characters; anything far larger is not one. */
const MAX_ID_TOKEN_LENGTH = 8_192;

export interface FirebaseIdentity {
  uid: string;
  /** A guest's is a stand-in made from the uid: the account has no address of its own. */
  email: string;
  /** A Firebase anonymous account (Continue as guest). */
  guest: boolean;
  /** Firebase has seen the owner of the address answer a mail to it (always so for Google). */
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

type AdminConfig =
  | { mode: 'emulator'; projectId: string }
  | { mode: 'service-account'; projectId: string; clientEmail: string; privateKey: string };

/** Which Firebase the server talks to, from the environment; throws naming what is missing. */
export function firebaseAdminConfig(env: NodeJS.ProcessEnv = process.env): AdminConfig {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    // With the emulator variable set the admin SDK accepts unsigned ID tokens: anyone could
    // sign in as anyone. A local `npm start` runs against the emulator and says so explicitly.
    if (env.NODE_ENV === 'production' && env.ALLOW_AUTH_EMULATOR !== '1') {
      throw new Error(
        'FIREBASE_AUTH_EMULATOR_HOST is set in production. The Auth Emulator accepts forged sign-in ' +
          'tokens, so it is refused here: remove the variable, or set ALLOW_AUTH_EMULATOR=1 for a local ' +
          'production build that is never exposed.',
      );
    }
    return { mode: 'emulator', projectId: env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || DEFAULT_EMULATOR_PROJECT_ID };
  }
  const projectId = env.FIREBASE_PROJECT_ID;
  const clientEmail = env.FIREBASE_CLIENT_EMAIL;
  const privateKey = env.FIREBASE_PRIVATE_KEY;
  const missing = Object.entries({
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_CLIENT_EMAIL: clientEmail,
    FIREBASE_PRIVATE_KEY: privateKey,
  })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!projectId || !clientEmail || !privateKey) {
    throw new Error(
      `Firebase Authentication is not configured: set ${missing.join(', ')} (from a service account ` +
        'key of the Firebase project), or FIREBASE_AUTH_EMULATOR_HOST to use the local Auth Emulator.',
    );
  }
  return { mode: 'service-account', projectId, clientEmail, privateKey: unescapePrivateKey(privateKey) };
}

let auth: Auth | undefined;

/** The admin SDK's Auth, initialised on first use (so a build without Firebase settings works). */
export function getFirebaseAdminAuth(): Auth {
  if (auth) return auth;
  const config = firebaseAdminConfig();
  const existing = getApps().some((app) => app.name === APP_NAME);
  const app: App = existing
    ? getApp(APP_NAME)
    : initializeApp(
        config.mode === 'emulator'
          ? { projectId: config.projectId }
          : {
              projectId: config.projectId,
              credential: cert({
                projectId: config.projectId,
                clientEmail: config.clientEmail,
                privateKey: config.privateKey,
              }),
            },
        APP_NAME,
      );
  auth = getAuth(app);
  return auth;
}

/**
 * Checks a Firebase ID token (signature, expiry, project, and that the account still exists and
 * is enabled) and returns who it names. Every rejection is a 401 whose message says why;
 * Firebase being unreachable is a 503.
 */
export async function verifyFirebaseIdToken(idToken: unknown): Promise<FirebaseIdentity> {
  if (idToken === undefined || idToken === null || idToken === '') {
    throw new HttpError(401, 'The Firebase ID token is missing.');
  }
  if (typeof idToken !== 'string' || idToken.length > MAX_ID_TOKEN_LENGTH || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(idToken)) {
    throw new HttpError(401, 'The Firebase ID token is malformed.');
  }
  let decoded;
  try {
    decoded = await getFirebaseAdminAuth().verifyIdToken(idToken, true);
  } catch (err) {
    throw toHttpError(err);
  }
  // A guest who links an address (signs up) keeps the uid, and their tokens carry the address from then on.
  if (!decoded.email && decoded.firebase.sign_in_provider === 'anonymous') return { uid: decoded.uid, email: guestAddress(decoded.uid), guest: true, emailVerified: false };
  if (!decoded.email) throw new HttpError(401, 'This Firebase account has no email address.');
  const identity: FirebaseIdentity = { uid: decoded.uid, email: decoded.email, guest: false, emailVerified: decoded.email_verified === true };
  if (typeof decoded.name === 'string' && decoded.name) identity.name = decoded.name;
  if (typeof decoded.picture === 'string' && decoded.picture) identity.picture = decoded.picture;
  return identity;
}

/**
 * Deletes a Firebase account by uid or email. Resolves false when there is no such account,
 * so deleting twice is harmless.
 */
export async function deleteFirebaseUser(uidOrEmail: string): Promise<boolean> {
  const firebase = getFirebaseAdminAuth();
  try {
    const uid = uidOrEmail.includes('@') ? (await firebase.getUserByEmail(uidOrEmail)).uid : uidOrEmail;
    await firebase.deleteUser(uid);
    return true;
  } catch (err) {
    if (errorCode(err) === 'user-not-found') return false;
    throw err;
  }
}

/** What `deleteUsers` takes in one call. */
const DELETE_BATCH = 1000;

/** Deletes these Firebase accounts; one already gone is no failure. Throws when Firebase cannot be reached. */
export async function deleteFirebaseUsers(uids: readonly string[]): Promise<void> {
  const firebase = getFirebaseAdminAuth();
  for (let i = 0; i < uids.length; i += DELETE_BATCH) {
    const { errors } = await firebase.deleteUsers(uids.slice(i, i + DELETE_BATCH));
    if (errors.length) throw new Error(`Firebase could not delete ${errors.length} account(s): ${errors[0]!.error.message}`);
  }
}

/**
 * Signs the account out of Firebase on every device: its refresh tokens stop working, and ID
 * tokens issued before now are refused by `verifyFirebaseIdToken`, so no browser that still
 * remembers the user can quietly sign back in. No such account: nothing to do.
 */
export async function revokeFirebaseSessions(uid: string): Promise<void> {
  try {
    await getFirebaseAdminAuth().revokeRefreshTokens(uid);
  } catch (err) {
    if (errorCode(err) !== 'user-not-found') throw err;
  }
}

/** The email Firebase has for an account now, or null when there is no such account. */
export async function firebaseAccount(uid: string): Promise<{ email: string | null } | null> {
  try {
    return { email: (await getFirebaseAdminAuth().getUser(uid)).email ?? null };
  } catch (err) {
    if (errorCode(err) === 'user-not-found') return null;
    throw err;
  }
}

/** What `getUsers` takes in one call. */
const LOOKUP_BATCH = 100;

/**
 * Which of these uids Firebase has an account for that is not anonymous any more: an email, or a
 * provider, linked to it. A uid Firebase has no account for is in neither. Throws when Firebase
 * cannot be reached.
 */
export async function upgradedAccounts(uids: readonly string[]): Promise<Set<string>> {
  const firebase = getFirebaseAdminAuth();
  const upgraded = new Set<string>();
  for (let i = 0; i < uids.length; i += LOOKUP_BATCH) {
    const { users } = await firebase.getUsers(uids.slice(i, i + LOOKUP_BATCH).map((uid) => ({ uid })));
    for (const user of users) if (user.email || user.providerData.length) upgraded.add(user.uid);
  }
  return upgraded;
}

/**
 * The Firebase accounts that have these addresses now, by normalized address: uid and when the
 * account was made. An address Firebase has no account for is absent. Throws when Firebase is not
 * configured or cannot be reached.
 */
export async function firebaseAccountsByEmail(emails: readonly string[]): Promise<Map<string, { uid: string; createdAt: Date }>> {
  const firebase = getFirebaseAdminAuth();
  // firebase-admin refuses a whole batch over one address it finds malformed; Firebase has no account for one anyway.
  const wellFormed = [...new Set(emails.map(normalizeEmail))].filter((email) => /^[^@]+@[^@]+$/.test(email));
  const accounts = new Map<string, { uid: string; createdAt: Date }>();
  for (let i = 0; i < wellFormed.length; i += LOOKUP_BATCH) {
    const { users } = await firebase.getUsers(wellFormed.slice(i, i + LOOKUP_BATCH).map((email) => ({ email })));
    for (const user of users) {
      if (user.email) accounts.set(normalizeEmail(user.email), { uid: user.uid, createdAt: new Date(user.metadata.creationTime) });
    }
  }
  return accounts;
}

function toHttpError(err: unknown): Error {
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : '';
  switch (code) {
    case 'id-token-expired':
      return new HttpError(401, 'The Firebase ID token has expired. Please log in again.');
    case 'id-token-revoked':
      return new HttpError(401, 'The Firebase ID token has been revoked. Please log in again.');
    case 'user-disabled':
      return new HttpError(401, 'This Firebase account is disabled.');
    case 'user-not-found':
      return new HttpError(401, 'This Firebase account no longer exists.');
    case 'argument-error':
    case 'invalid-id-token':
      if (/incorrect "(aud|iss)"/.test(message)) {
        return new HttpError(401, 'The Firebase ID token was issued for another Firebase project.');
      }
      if (/signature|kid|algorithm/i.test(message)) {
        return new HttpError(401, 'The Firebase ID token is not signed by Firebase.');
      }
      return new HttpError(401, 'The Firebase ID token is not valid.');
    case 'app/network-error':
    case 'app/network-timeout':
      console.error('[auth] Firebase Authentication is unreachable', err);
      return new HttpError(503, 'Sign-in cannot be checked right now. Please try again shortly.');
    default:
      // Not the caller's fault (say, bad server credentials): the route wrapper logs it and
      // answers 500 without the details.
      return err instanceof Error ? err : new Error(String(err));
  }
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : '';
}

function unescapePrivateKey(key: string): string {
  const unquoted = key.trim().replace(/^(['"])([\s\S]*)\1$/, '$2');
  return unquoted.replace(/\\n/g, '\n');
}
