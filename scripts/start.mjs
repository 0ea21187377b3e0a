// `npm start`: the production server, server.mjs (honours PORT). Without a real Firebase project
// it also runs the Auth Emulator, and without SMTP_URL a local mail catcher, so a local production
// build works on the embedded defaults.
import { startMailCatcherUnlessConfigured } from './mail-catcher.mjs';
import { runWithEmulator } from './run-with-emulator.mjs';

const catcher = await startMailCatcherUnlessConfigured();
const code = await runWithEmulator(process.execPath, ['server.mjs', ...process.argv.slice(2)], {
  extraEnv: catcher?.env,
  label: 'the production server',
});
await catcher?.stop();
process.exit(code);
