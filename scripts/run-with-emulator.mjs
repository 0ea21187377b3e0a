// Runs a command with the Firebase Auth Emulator up (unless a real Firebase project is
// configured), and stops both together: Ctrl-C, a crash or a normal exit leave no orphan.
import { spawn } from 'node:child_process';
import { DEMO_ACCOUNTS, startAuthEmulator } from './emulator.mjs';

/** A real Firebase project is configured when the admin credentials are present. */
export function realFirebaseConfigured(env = process.env) {
  return Boolean(env.FIREBASE_PROJECT_ID && env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY && env.NEXT_PUBLIC_FIREBASE_API_KEY);
}

/**
 * Starts the emulator when needed, then `command args`; resolves with the command's exit code.
 * `extraEnv` is added to the command's environment.
 */
export async function runWithEmulator(command, args, { extraEnv = {}, label = command } = {}) {
  let emulator = null;
  // Offline by default: Next.js would otherwise try to send anonymous telemetry.
  const env = { NEXT_TELEMETRY_DISABLED: '1', ...process.env, ...extraEnv };
  if (!realFirebaseConfigured(env)) {
    emulator = await startAuthEmulator({ quiet: true });
    Object.assign(env, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR: emulator.host,
      // The admin SDK trusts the emulator's unsigned tokens; production code refuses that unless told.
      ALLOW_AUTH_EMULATOR: '1',
      // The emulator's demo admin is an admin here unless the deployer says otherwise.
      ADMIN_EMAILS: env.ADMIN_EMAILS ?? DEMO_ACCOUNTS.admin.email,
    });
    console.log(`[bistro] Firebase Auth Emulator on ${emulator.host} (demo accounts ready)`);
  }

  const child = spawn(command, args, { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);

  const code = await new Promise((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`[bistro] could not start ${label}:`, err.message);
      resolve(1);
    });
  });
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  if (emulator) await emulator.stop();
  return code;
}
