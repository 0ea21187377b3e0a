// One Firebase Auth Emulator for every test file that needs one (route handlers that verify ID
// tokens or delete accounts). `npm test` starts it before Vitest; run alone, Vitest starts it
// here and stops it at the end. Workers inherit FIREBASE_AUTH_EMULATOR_HOST.
// @ts-expect-error -- a plain ESM script without type declarations
import { startAuthEmulator } from '../../scripts/emulator.mjs';

export default async function setup() {
  const emulator = (await startAuthEmulator({ quiet: true })) as { host: string; stop: () => Promise<void> };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.ADMIN_EMAILS ??= 'admin@bistro.test';
  return () => emulator.stop();
}
