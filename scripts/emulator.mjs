// Starts the Firebase Auth Emulator (from the firebase-tools package, no Java, nothing downloaded)
// and seeds the demo accounts, so sign-in works with no Firebase project and no network.
//
//   node scripts/emulator.mjs          start it, print the demo accounts, stay up until Ctrl-C
//   import { startAuthEmulator } ...   from dev/start/test scripts and vitest hooks
//
// The emulator keeps its accounts in memory: they are re-seeded on every start.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasExited, spawnGroup, stopGroup, stopWithThisProcess, waitUntilReady } from './processes/group.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const FIREBASE_CLI = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const HOST = '127.0.0.1';
/** The port firebase.json names. */
const CONFIGURED_PORT = 9099;
// AUTH_EMULATOR_PORT lets two checkouts run their suites side by side, each with its own emulator.
const DEFAULT_PORT = Number(process.env.AUTH_EMULATOR_PORT) || CONFIGURED_PORT;
const READY_TIMEOUT_MS = 60_000;

export const PROJECT_ID = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-bistro';

/**
 * The accounts every emulator start creates. The admin role itself lives in the app's users
 * collection (the database seed marks admin@bistro.test), not in Firebase.
 * The passwords satisfy the sign-up rules: 6-20 characters, upper, lower, digit, one of !@#$&*.
 */
export const DEMO_ACCOUNTS = Object.freeze({
  admin: Object.freeze({ email: 'admin@bistro.test', password: 'Admin#2024', name: 'Bistro Admin' }),
  diner: Object.freeze({ email: 'diner@bistro.test', password: 'Diner#2024', name: 'Dana Diner' }),
});

/** True when an Auth Emulator answers "ready" on the port. */
export async function isAuthEmulatorReady(port = DEFAULT_PORT) {
  try {
    const res = await fetch(`http://${HOST}:${port}/`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    const body = await res.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts the Auth Emulator on 127.0.0.1:port, or reuses one that is already running there
 * (which it then leaves running on stop()). Resolves once the demo accounts are seeded.
 * `owned` tells whether this call started the process; `exited` (owned only) settles when it ends.
 * `quiet` hides the emulator's own output (errors still quote its last lines).
 *
 * @param {{ port?: number, quiet?: boolean }} [options]
 * @returns {Promise<{ host: string, projectId: string, owned: boolean, stop: () => Promise<void>,
 *   exited?: Promise<{ code: number | null, signal: string | null }> }>}
 */
export async function startAuthEmulator({ port = DEFAULT_PORT, quiet = false } = {}) {
  const host = `${HOST}:${port}`;
  const reuse = async () => {
    await seedDemoAccounts(host);
    return { host, projectId: PROJECT_ID, owned: false, stop: async () => {} };
  };
  if (await isAuthEmulatorReady(port)) return reuse();

  const child = spawnEmulator(port, quiet);
  const stop = once(() => stopGroup(child));
  const release = stopWithThisProcess(child, stop);
  const stopAndRelease = async () => {
    await stop();
    release();
  };

  try {
    await waitUntilReady(child, () => isAuthEmulatorReady(port), {
      what: 'The Firebase Auth Emulator',
      timeoutMs: READY_TIMEOUT_MS,
      hint: ` (is port ${port} taken by another program?)`,
    });
    if (hasExited(child)) {
      // Another process started an emulator on the port while ours was starting; ours gave up.
      await stopAndRelease();
      return reuse();
    }
    await seedDemoAccounts(host);
  } catch (err) {
    await stopAndRelease();
    throw err;
  }
  return { host, projectId: PROJECT_ID, owned: true, stop: stopAndRelease, exited: child.exited };
}

/**
 * Creates the demo accounts, verified and with fixed uids (`demo-admin`, `demo-diner`): the app
 * keys records by uid, and the emulator forgets its accounts on restart while `.data/` keeps the
 * records, so the same uid must come back every time. Accounts that already exist are left as they are.
 */
export async function seedDemoAccounts(host = `${HOST}:${DEFAULT_PORT}`) {
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    // The admin API's account creation (the emulator accepts the "owner" credential) takes a uid.
    const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: `demo-${role}`,
        email: account.email,
        password: account.password,
        displayName: account.name,
        emailVerified: true,
      }),
    }).catch((err) => {
      throw new Error(`Could not reach the Auth Emulator at ${host} to create the demo accounts: ${err.message}`);
    });
    if (res.ok) continue;
    const body = await res.json().catch(() => null);
    const reason = body?.error?.message ?? `HTTP ${res.status}`;
    if (reason === 'EMAIL_EXISTS' || reason === 'DUPLICATE_LOCAL_ID') continue;
    throw new Error(`Could not create the demo account ${account.email} in the Auth Emulator: ${reason}`);
  }
}

function spawnEmulator(port, quiet) {
  if (!existsSync(FIREBASE_CLI)) {
    throw new Error('firebase-tools is not installed: run npm install (it is a dev dependency).');
  }
  const args = [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID];
  // firebase.json fixes the port at 9099; another port needs its own config file.
  if (port !== CONFIGURED_PORT) args.push('--config', writePortConfig(port));
  // The CLI is run with node directly, not npx: signalling an npx parent leaves the emulator
  // orphaned with its ports bound.
  return spawnGroup(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
    onOutput: quiet ? undefined : (text) => process.stdout.write(text.replace(/^(?=.)/gm, '[auth-emulator] ')),
  });
}

function writePortConfig(port) {
  const dir = join(tmpdir(), `bistro-emulator-${port}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'firebase.json');
  // The hub and logging ports move with it, so that it can run beside a default instance (4400, 4500).
  const config = {
    emulators: {
      auth: { host: HOST, port },
      hub: { host: HOST, port: port + 1 },
      logging: { host: HOST, port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(file, JSON.stringify(config));
  return file;
}

function once(fn) {
  let promise;
  return () => (promise ??= fn());
}

async function main() {
  const emulator = await startAuthEmulator();
  console.log(`\nAuth Emulator ${emulator.owned ? 'running' : 'already running'} on ${emulator.host} (project ${emulator.projectId}).`);
  console.log('Demo accounts:');
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    console.log(`  ${role.padEnd(6)} ${account.email.padEnd(20)} ${account.password}  (${account.name})`);
  }
  if (!emulator.owned) return;
  console.log('Press Ctrl-C to stop.');
  // The signal handlers stop the emulator; this keeps the process alive until it ends.
  const keepAlive = setInterval(() => {}, 1 << 30);
  const { code, signal } = await emulator.exited;
  clearInterval(keepAlive);
  if (code !== 0 && !signal) {
    console.error(`The Auth Emulator exited with code ${code}.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
