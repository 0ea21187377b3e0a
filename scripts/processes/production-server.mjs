// The production server (the build in .next) for benchmarks and fault tests: on a free port of
// 127.0.0.1, in a process group of its own, ready once a path answers as the caller wants.
import { once } from 'node:events';
import { createServer } from 'node:net';
import { hasExited, signalGroup, spawnGroup, stopGroup, waitUntilReady } from './group.mjs';

export const NEXT_BIN = 'node_modules/next/dist/bin/next';

/**
 * How the production server is started on a host and port: `[command, args]`. It is server.mjs,
 * as `npm start` runs it, so the app sees each client's own address.
 */
export const START_COMMAND = ({ host, port }) => [process.execPath, ['server.mjs', '-p', String(port), '-H', host]];

const HOST = '127.0.0.1';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  const server = createServer().listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Spawns the server on `port` without waiting for it. `env` is added to this process's; the
 * server also gets PORT and HOSTNAME, for commands that read those instead of flags.
 */
export function spawnServer({ port, env = {}, cwd, command = START_COMMAND }) {
  const [file, args] = command({ host: HOST, port });
  const child = spawnGroup(file, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), HOSTNAME: HOST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, baseUrl: `http://${HOST}:${port}`, output: child.output };
}

/**
 * Starts the server on `port` (by default a free one) and resolves once `readyPath` answers a
 * status `ready` accepts (by default 200), asked every `pollMs` (250; less to time a cold start
 * closely). Returns its address, its output so far, `stop()` (the group, gracefully) and
 * `kill(signal)` (that signal to the group, resolved when the server has gone).
 */
export async function startServer({
  port,
  env,
  cwd,
  command,
  readyPath = '/api/menu',
  ready = (status) => status === 200,
  timeoutMs = 90_000,
  pollMs,
} = {}) {
  const { child, baseUrl, output } = spawnServer({ port: port ?? (await freePort()), env, cwd, command });
  const answersReady = async () => {
    try {
      const res = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      return ready(res.status);
    } catch {
      return false;
    }
  };
  try {
    await waitUntilReady(child, answersReady, { what: `The production server (${readyPath})`, timeoutMs, pollMs });
  } catch (err) {
    await stopGroup(child);
    throw err;
  }
  return {
    baseUrl,
    child,
    output,
    stop: () => stopGroup(child),
    async kill(signal = 'SIGTERM') {
      if (hasExited(child)) return;
      signalGroup(child, signal);
      await child.exited;
    },
  };
}
