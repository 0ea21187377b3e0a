// `npm run dev`: the Firebase Auth Emulator with demo accounts, then `next dev`.
import { runWithEmulator } from './run-with-emulator.mjs';

const code = await runWithEmulator(process.execPath, ['node_modules/next/dist/bin/next', 'dev', ...process.argv.slice(2)], {
  label: 'next dev',
});
process.exit(code);
