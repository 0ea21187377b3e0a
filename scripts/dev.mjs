// `npm run dev`: the Firebase Auth Emulator with demo accounts and, without SMTP_URL, a local mail
// catcher, then `next dev`.
import { startMailCatcherUnlessConfigured } from './mail-catcher.mjs';
import { runWithEmulator } from './run-with-emulator.mjs';

const catcher = await startMailCatcherUnlessConfigured();
const code = await runWithEmulator(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)], {
  extraEnv: catcher?.env,
  label: 'next dev',
});
await catcher?.stop();
process.exit(code);
