// `npm start`: the production server, server.mjs (honours PORT). Without a real Firebase project
// it also runs the Auth Emulator, without SMTP_URL a local mail catcher, and without SMS_PROVIDER a
// local SMS catcher, so a local production build works on the embedded defaults.
import { startMailCatcherUnlessConfigured } from './mail-catcher.mjs';
import { startSmsCatcherUnlessConfigured } from './sms-catcher.mjs';
import { runWithEmulator } from './run-with-emulator.mjs';

const catcher = await startMailCatcherUnlessConfigured();
const texts = await startSmsCatcherUnlessConfigured();
const code = await runWithEmulator(process.execPath, ['server.mjs', ...process.argv.slice(2)], {
  extraEnv: { ...catcher?.env, ...texts?.env },
  label: 'the production server',
});
await catcher?.stop();
await texts?.stop();
process.exit(code);
