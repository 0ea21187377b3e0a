/**
 * The browser journeys' clock hook (lib/settings/test-clock.mjs) through the production server:
 * a server started as production is has no such hook (404), and no header, cookie or query a
 * client makes up moves its clock; a server started for the journeys (BISTRO_TEST_CLOCK=1) moves
 * the time every rule reads, here the status line diners see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CLOCK_FLAG, TEST_CLOCK_PATH } from '@/lib/settings/test-clock.mjs';
import type { OrderingStatus } from '@/lib/settings/types';
import { startServer, type RunningServer } from '../faults/server';

const servers: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh restaurant open 11:00 to 22:00 in UTC, with the hook on or off. */
async function serve(hook: boolean): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bistro-test-clock-'));
  dirs.push(dataDir);
  const server = await startServer({
    DATA_DIR: dataDir,
    TZ: 'UTC',
    NEXT_PUBLIC_HOURS_OPEN: '11:00',
    NEXT_PUBLIC_HOURS_CLOSE: '22:00',
    [TEST_CLOCK_FLAG]: hook ? '1' : '',
  });
  servers.push(server);
  return server;
}

const status = async (server: RunningServer, init: RequestInit = {}, query = ''): Promise<OrderingStatus> =>
  (await fetch(`${server.baseUrl}/api/settings/status${query}`, init)).json();

const hook = (server: RunningServer, method: string, body?: object) =>
  fetch(`${server.baseUrl}${TEST_CLOCK_PATH}`, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) });

/** Before opening on a day far from today, whatever the real time. */
const EARLY = '2031-03-04T09:00:00.000Z';

describe('the test clock hook', () => {
  it('is not there on a production server: 404, and a clock sent as a header, cookie or query changes nothing', async () => {
    const server = await serve(false);
    for (const [method, body] of [['GET'], ['PUT', { at: EARLY }], ['PUT', { advanceMs: 86_400_000 }], ['DELETE'], ['POST', { at: EARLY }]] as const) {
      const res = await hook(server, method, body);
      expect(res.status, `${method} ${TEST_CLOCK_PATH}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }

    const plain = await status(server);
    const told = await status(
      server,
      {
        headers: {
          'x-test-clock': EARLY,
          'x-bistro-clock': EARLY,
          'x-clock-offset-ms': '-1000000000',
          date: new Date(EARLY).toUTCString(),
          cookie: `bistro_clock=${EARLY}; test_clock=${EARLY}; clock=${EARLY}`,
        },
      },
      `?at=${EARLY}&clock=${EARLY}&now=${EARLY}`,
    );
    expect(told).toEqual(plain);
    expect(told.changesAt ?? '').not.toBe('2031-03-04T11:00:00.000Z');
  });

  it('on a journeys server it sets the time the rules read, moves it on, and goes back to the real time', async () => {
    const server = await serve(true);
    expect((await hook(server, 'PUT', { at: EARLY })).status).toBe(200);
    expect(await status(server)).toEqual({ open: false, stopped: false, text: 'Closed, opens today at 11:00', changesAt: '2031-03-04T11:00:00.000Z' });

    const moved = await hook(server, 'PUT', { advanceMs: 3 * 60 * 60_000 });
    expect(moved.status).toBe(200);
    expect(Date.parse(((await moved.json()) as { now: string }).now)).toBeGreaterThanOrEqual(Date.parse('2031-03-04T12:00:00.000Z'));
    expect(await status(server)).toMatchObject({ open: true, text: 'Open now until 22:00', changesAt: '2031-03-04T22:00:00.000Z' });

    for (const body of [{ at: 'yesterday' }, { advanceMs: -1 }, { advanceMs: 1.5 }, {}]) {
      const refused = await hook(server, 'PUT', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Give "at"/);
    }

    const back = (await (await hook(server, 'DELETE')).json()) as { now: string; offsetMs: number };
    expect(back.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(60_000);
    expect((await status(server)).changesAt).not.toMatch(/^2031-/);
  });
});
