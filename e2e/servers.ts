import { rmSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../scripts/processes/production-server.mjs';
import { TEST_CLOCK_FLAG } from '../lib/settings/test-clock.mjs';

/**
 * One production server per Playwright worker, so that journeys in parallel never share data:
 * worker slot `n` (its `parallelIndex`, 0 to workers - 1) has the server on port E2E_PORT + n with
 * its own data under `.data-e2e/n/`. Global setup starts them all at once; every worker that
 * takes slot `n`, for any screen, talks to that server only, one journey at a time.
 */

/** Everything the journeys' servers keep, wiped at the start of each run. */
export const E2E_ROOT = '.data-e2e';

const firstPort = () => Number(process.env.E2E_PORT ?? 3100);

/** Where slot `n` keeps what outlives one worker: its server's data, and what was seeded into it once. */
export const slotDir = (slot: number) => path.join(E2E_ROOT, String(slot));

export const serverUrl = (slot: number) => `http://127.0.0.1:${firstPort() + slot}`;

/** Starts a fresh server for each of `count` slots, all at once; resolves when every one serves the menu. */
export async function startServers(count: number): Promise<RunningServer[]> {
  rmSync(E2E_ROOT, { recursive: true, force: true });
  // Loaded as the ES module it is (it finds its watchdog through import.meta), not transpiled.
  const { startServer } = await import('../scripts/processes/production-server.mjs');
  const starting = Array.from({ length: count }, (_, slot) =>
    startServer({
      port: firstPort() + slot,
      env: {
        DATA_DIR: path.join(slotDir(slot), 'data'),
        // Every journey signs in from one address; the limits themselves are tested in Vitest.
        RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '20',
        [TEST_CLOCK_FLAG]: '1',
      },
      readyPath: '/api/menu',
      timeoutMs: 120_000,
    }),
  );
  const started = await Promise.allSettled(starting);
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((server) => server.stop()));
    throw failed.reason;
  }
  return running;
}
