// `npm start`: the production server, server.mjs (honours PORT). Without a real Firebase project
// it also runs the Auth Emulator, so a local production build works on the embedded defaults.
import { runWithEmulator } from './run-with-emulator.mjs';

const code = await runWithEmulator(process.execPath, ['server.mjs', ...process.argv.slice(2)], {
  label: 'the production server',
});
process.exit(code);
