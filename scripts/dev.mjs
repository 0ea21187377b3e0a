// `npm run dev`: the Firebase Auth Emulator with demo accounts and, without SMTP_URL, a local mail
// catcher, and without SMS_PROVIDER a local SMS catcher, then `next dev`.
import { startMailCatcherUnlessConfigured } from './mail-catcher.mjs';
import { startSmsCatcherUnlessConfigured } from './sms-catcher.mjs';
import { runWithEmulator } from './run-with-emulator.mjs';

const catcher = await startMailCatcherUnlessConfigured();
const texts = await startSmsCatcherUnlessConfigured();
const code = await runWithEmulator(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)], {
  extraEnv: { ...catcher?.env, ...texts?.env },
  label: 'next dev',
});
await catcher?.stop();
await texts?.stop();
process.exit(code);
