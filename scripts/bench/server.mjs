// Building the app for the benchmark; the server itself is the shared production server.
import { spawnGroup } from '../processes/group.mjs';
import { NEXT_BIN } from '../processes/production-server.mjs';

export { startServer } from '../processes/production-server.mjs';

/** `next build` with output shown; resolves to its exit code. */
export async function buildApp({ cwd, env }) {
  const child = spawnGroup(process.execPath, [NEXT_BIN, 'build'], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'inherit',
  });
  const { code, signal } = await child.exited;
  return code ?? (signal ? 1 : 0);
}
