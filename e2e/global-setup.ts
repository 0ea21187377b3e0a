import type { FullConfig } from '@playwright/test';
import { startServers } from './servers';

/**
 * The browser suites need the Auth Emulator, a mail catcher and an SMS catcher, which `npm test` starts, and one
 * production server per worker (./servers.ts), started here and stopped when the run ends.
 */
export default async function globalSetup(config: FullConfig) {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.E2E_MAIL_INBOX || !process.env.SMTP_URL || !process.env.E2E_SMS_INBOX || !process.env.SMS_PROVIDER) {
    throw new Error('Run the browser tests through `npm test` (it starts the Firebase Auth Emulator, a mail catcher and an SMS catcher).');
  }
  const servers = await startServers(config.workers);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
