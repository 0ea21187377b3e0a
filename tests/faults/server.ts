import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A production server (server.mjs on the built .next) in its own process group. */
export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export function spawnServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', RATE_LIMIT_SCALE: '1000', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  return { child, output: () => text };
}

/** Starts the server and waits until `/api/review` answers in a way `ready` accepts. */
export async function startServer(env: Record<string, string>, ready = (status: number) => status < 500): Promise<RunningServer> {
  const port = await freePort();
  const { child, output } = spawnServer(env, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if (ready((await fetch(`${baseUrl}/api/review`)).status)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    child,
    output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      process.kill(-child.pid!, signal);
      await exited;
    },
  };
}
