import {
  freePort,
  spawnServer as spawnProductionServer,
  startServer as startProductionServer,
  type RunningServer,
} from '../../scripts/processes/production-server.mjs';

export { freePort, type RunningServer };

/** Rate limits scaled out of the way: the faults are the point, the limits have their own tests. */
const FAULT_ENV = { RATE_LIMIT_SCALE: '1000' };

export function spawnServer(env: Record<string, string>, port: number) {
  const { child, output } = spawnProductionServer({ port, env: { ...FAULT_ENV, ...env } });
  return { child, output };
}

/** Starts the server and waits until `/api/review` answers in a way `ready` accepts. */
export function startServer(env: Record<string, string>, ready = (status: number) => status < 500): Promise<RunningServer> {
  return startProductionServer({ env: { ...FAULT_ENV, ...env }, readyPath: '/api/review', ready, timeoutMs: 60_000 });
}
