// `npm start`: the production server (honours PORT). Without a real Firebase project it also
// runs the Auth Emulator, so a local production build works on the embedded defaults.
import { runWithEmulator } from './run-with-emulator.mjs';

const code = await runWithEmulator(process.execPath, ['node_modules/next/dist/bin/next', 'start', ...process.argv.slice(2)], {
  label: 'next start',
});
process.exit(code);
