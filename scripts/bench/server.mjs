// Building the app and running the production server (`next start`) for the benchmark.
import { once } from 'node:events';
import { createServer } from 'node:net';
import { spawnGroup, stopGroup } from './processes.mjs';

const NEXT_BIN = 'node_modules/next/dist/bin/next';

/** `next build` with output shown; resolves to its exit code. */
export async function buildApp({ cwd, env }) {
  const child = spawnGroup(process.execPath, [NEXT_BIN, 'build'], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'inherit',
  });
  const [code, signal] = await once(child, 'exit');
  return code ?? (signal ? 1 : 0);
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts `next start` on 127.0.0.1 and waits until `readyPath` answers 200 (asking every `pollMs`).
 * Returns { baseUrl, pid, stop(), log() }; log() is the server's recent output.
 */
export async function startServer({ cwd, env, readyPath = '/api/menu', timeoutMs = 90_000, pollMs = 250 }) {
  const port = await freePort();
  const host = '127.0.0.1';
  const child = spawnGroup(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', host], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });

  const baseUrl = `http://${host}:${port}`;
  const server = { baseUrl, port, pid: child.pid, log: () => lines.join('\n'), stop: () => stopGroup(child) };
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exited) {
      throw Object.assign(new Error(`next start stopped (${exited}) before ${readyPath} answered`), { serverLog: server.log() });
    }
    try {
      const res = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      if (res.status === 200) return server;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  await server.stop();
  throw Object.assign(new Error(`${readyPath} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`), {
    serverLog: server.log(),
  });
}
