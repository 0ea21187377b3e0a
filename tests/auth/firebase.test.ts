/**
 * Firebase sign-in against a real Auth Emulator, started here (about 10 s). It runs on a port of
 * its own so that it neither disturbs nor depends on an emulator the developer has running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { DEMO_ACCOUNTS, isAuthEmulatorReady, startAuthEmulator } from '../../scripts/emulator.mjs';
import { guestAddress } from '@/lib/users/guest-address';

// Beside the suite's own emulator (with its hub and logging ports after it), not on it.
const PORT = process.env.AUTH_EMULATOR_PORT ? Number(process.env.AUTH_EMULATOR_PORT) + 10 : 9399;
const HOST = `127.0.0.1:${PORT}`;
const API = `http://${HOST}/identitytoolkit.googleapis.com/v1`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-auth-firebase-'));
process.env.DATA_DIR = dataDir;
// Both SDKs must see the emulator before the modules under test are imported.
process.env.FIREBASE_AUTH_EMULATOR_HOST = HOST;
process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR = HOST;
delete process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID;

type Emulator = { host: string; projectId: string; owned: boolean; stop: () => Promise<void> };
let emulator: Emulator;
let admin: typeof import('@/lib/auth/firebase-admin');
let client: typeof import('@/lib/firebase/client');

beforeAll(async () => {
  emulator = await startAuthEmulator({ port: PORT, quiet: true });
  admin = await import('@/lib/auth/firebase-admin');
  client = await import('@/lib/firebase/client');
}, 90_000);

afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function call(endpoint: string, body: Record<string, unknown>) {
  const res = await fetch(`${API}/${endpoint}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken: string; localId: string; error?: { message: string } };
  if (!res.ok) throw new Error(`${endpoint}: ${json.error?.message}`);
  return json;
}

function signIn(email: string, password: string) {
  return call('accounts:signInWithPassword', { email, password });
}

/** An emulator token with some claims changed: the same shape, unsigned as emulator tokens are. */
function rewrite(idToken: string, changes: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...changes };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

async function rejection(token: unknown): Promise<{ status?: number; message?: string }> {
  try {
    await admin.verifyFirebaseIdToken(token);
  } catch (err) {
    return err as { status?: number; message?: string };
  }
  throw new Error('the token was accepted');
}

describe('the emulator script', () => {
  it('seeds the demo accounts verified, with their display names and fixed uids', async () => {
    const { admin: a, diner } = DEMO_ACCOUNTS;
    expect((await signIn(a.email, a.password)).localId).toBe('demo-admin');
    expect((await signIn(diner.email, diner.password)).localId).toBe('demo-diner');
    const token = (await signIn(diner.email, diner.password)).idToken;
    expect(await admin.verifyFirebaseIdToken(token)).toMatchObject({ email: diner.email, name: 'Dana Diner', emailVerified: true });
  });

  it('reuses an emulator that is already running, and leaves it running', async () => {
    const again = (await startAuthEmulator({ port: PORT, quiet: true })) as Emulator;
    expect(again.owned).toBe(false);
    await again.stop();
    expect(await isAuthEmulatorReady(PORT)).toBe(true);
  });
});

describe('verifyFirebaseIdToken', () => {
  it('accepts a real ID token and returns who it names', async () => {
    const { idToken } = await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    expect(await admin.verifyFirebaseIdToken(idToken)).toEqual({
      uid: 'demo-admin',
      email: 'admin@bistro.test',
      guest: false,
      emailVerified: true,
      name: 'Bistro Admin',
    });
  });

  it('says when the address is not verified', async () => {
    const { idToken } = await call('accounts:signUp', { email: 'unverified@bistro.test', password: 'Fresh#2024' });
    expect(await admin.verifyFirebaseIdToken(idToken)).toMatchObject({ email: 'unverified@bistro.test', emailVerified: false });
  });

  it('rejects a missing token', async () => {
    for (const missing of [undefined, null, '']) {
      expect(await rejection(missing)).toMatchObject({ status: 401, message: 'The Firebase ID token is missing.' });
    }
  });

  it('rejects a malformed token', async () => {
    for (const malformed of ['not-a-token', 'a.b', 'a b.c.d', 42, { token: 'x' }, `${'a'.repeat(9000)}.b.c`]) {
      expect(await rejection(malformed)).toMatchObject({ status: 401, message: 'The Firebase ID token is malformed.' });
    }
  });

  it('rejects garbage shaped like a token', async () => {
    expect(await rejection('aaaa.bbbb.cccc')).toMatchObject({ status: 401, message: 'The Firebase ID token is not valid.' });
  });

  it('rejects a token for another Firebase project', async () => {
    // The emulator (single-project mode) only issues ID tokens for its own project, so the
    // other project's token is a real one with its project claims rewritten.
    const { idToken } = await signIn(DEMO_ACCOUNTS.diner.email, DEMO_ACCOUNTS.diner.password);
    const other = rewrite(idToken, { aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' });
    expect(await rejection(other)).toMatchObject({
      status: 401,
      message: 'The Firebase ID token was issued for another Firebase project.',
    });
  });

  it('rejects an expired token', async () => {
    const { idToken } = await signIn(DEMO_ACCOUNTS.diner.email, DEMO_ACCOUNTS.diner.password);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = rewrite(idToken, { iat: past, auth_time: past, exp: past + 3600 });
    expect(await rejection(expired)).toMatchObject({ status: 401, message: expect.stringMatching(/has expired/) });
  });

  it('rejects a token signed by someone else', async () => {
    const { idToken } = await signIn(DEMO_ACCOUNTS.diner.email, DEMO_ACCOUNTS.diner.password);
    const [, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('a-forger-s-own-secret-0123456789abcdef'));
    expect(await rejection(forged)).toMatchObject({ status: 401, message: 'The Firebase ID token is not signed by Firebase.' });
  });


  it('takes an anonymous account (Continue as guest) as a guest, with a stand-in address made from its uid', async () => {
    const anonymous = await call('accounts:signUp', {});
    expect(await admin.verifyFirebaseIdToken(anonymous.idToken)).toEqual({ uid: anonymous.localId, email: guestAddress(anonymous.localId), guest: true, emailVerified: false });
  });

  it('rejects a token whose account has no email and is no guest', async () => {
    const customToken = await admin.getFirebaseAdminAuth().createCustomToken('uid-without-email');
    const signedIn = await call('accounts:signInWithCustomToken', { token: customToken });
    expect(await rejection(signedIn.idToken)).toMatchObject({
      status: 401,
      message: 'This Firebase account has no email address.',
    });
  });

  it('rejects the token of a deleted account; deleting twice is harmless', async () => {
    const email = 'leaving@bistro.test';
    const { idToken } = await call('accounts:signUp', { email, password: 'Leave#2024' });
    expect(await admin.verifyFirebaseIdToken(idToken)).toMatchObject({ email });
    expect(await admin.deleteFirebaseUser(email)).toBe(true);
    expect(await rejection(idToken)).toMatchObject({ status: 401, message: 'This Firebase account no longer exists.' });
    expect(await admin.deleteFirebaseUser(email)).toBe(false);
  });

  it('deletes by uid as well', async () => {
    const { localId } = await call('accounts:signUp', { email: 'by-uid@bistro.test', password: 'Leave#2024' });
    expect(await admin.deleteFirebaseUser(localId)).toBe(true);
    expect(await admin.deleteFirebaseUser(localId)).toBe(false);
  });
});

describe('browser sign-in against the emulator', () => {
  it('uses the emulator and signs in with Google as the demo identity', async () => {
    expect(client.isAuthEmulator).toBe(true);
    const auth = client.getFirebaseAuth();
    expect(client.getFirebaseAuth()).toBe(auth);
    const { user } = await client.googleSignIn(auth);
    expect(user.email).toBe('google.diner@bistro.test');
    expect(user.providerData[0]?.providerId).toBe('google.com');
    expect(await admin.verifyFirebaseIdToken(await user.getIdToken())).toMatchObject({
      uid: user.uid,
      email: 'google.diner@bistro.test',
      name: 'Gina Google',
    });
    await auth.signOut();
  });
});

describe('firebaseAdminConfig', () => {
  it('refuses the emulator in production unless explicitly allowed', () => {
    const env = { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: HOST } as NodeJS.ProcessEnv;
    expect(() => admin.firebaseAdminConfig(env)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set in production/);
    expect(admin.firebaseAdminConfig({ ...env, ALLOW_AUTH_EMULATOR: '1' })).toEqual({
      mode: 'emulator',
      projectId: 'demo-bistro',
    });
  });

  it('names the missing service-account settings', () => {
    const env = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'bistro-prod' } as NodeJS.ProcessEnv;
    expect(() => admin.firebaseAdminConfig(env)).toThrow(/set FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY/);
  });

  it('reads a private key written with escaped newlines', () => {
    const config = admin.firebaseAdminConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'bistro-prod',
      FIREBASE_CLIENT_EMAIL: 'firebase-adminsdk@bistro-prod.iam.gserviceaccount.com',
      FIREBASE_PRIVATE_KEY: '"-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n"',
    } as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ mode: 'service-account', privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n' });
  });
});

// Last, as it stops the emulator.
describe('when Firebase cannot be reached', () => {
  it('answers 503, and stop() leaves nothing running', async () => {
    const { idToken } = await signIn(DEMO_ACCOUNTS.diner.email, DEMO_ACCOUNTS.diner.password);
    await emulator.stop();
    if (emulator.owned) expect(await isAuthEmulatorReady(PORT)).toBe(false);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await rejection(idToken)).toMatchObject({
        status: 503,
        message: 'Sign-in cannot be checked right now. Please try again shortly.',
      });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
