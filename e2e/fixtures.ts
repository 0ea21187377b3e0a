import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { TEST_CLOCK_PATH } from '../lib/settings/test-clock.mjs';
import { serverUrl, slotDir } from './servers';

/**
 * What every journey imports instead of @playwright/test: `test` with its worker's server as the
 * base URL (./servers.ts), and `clock`, the server's clock. Journeys run in parallel, one at a
 * time per server, so a journey may change the restaurant's settings as long as it puts them back.
 */

export { expect };

/** The server this worker drives: its address, and the folder its slot keeps things in. */
export interface E2EServer {
  slot: number;
  url: string;
  dir: string;
}

/**
 * The server's clock, for journeys about time: set it, or move it on, instead of waiting. Back to
 * the real time when the journey ends. The browser's own timers have Playwright's `page.clock`.
 */
export class ServerClock {
  private moved = false;

  constructor(private readonly request: APIRequestContext) {}

  /** The server's time now. */
  async now(): Promise<Date> {
    return new Date(((await this.send('get')) as { now: string }).now);
  }

  /** The server's clock reads `at` from now on (and runs on from there). */
  async set(at: Date): Promise<void> {
    this.moved = true;
    await this.send('put', { at: at.toISOString() });
  }

  /** The server's clock jumps `ms` ahead. */
  async advance(ms: number): Promise<void> {
    this.moved = true;
    await this.send('put', { advanceMs: ms });
  }

  async reset(): Promise<void> {
    if (this.moved) await this.send('delete');
    this.moved = false;
  }

  private async send(method: 'get' | 'put' | 'delete', data?: object): Promise<unknown> {
    const res = await this.request[method](TEST_CLOCK_PATH, data ? { data } : {});
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  }
}

let current: E2EServer | undefined;

/** This worker's server, for helpers that have no fixture at hand. */
export function workerServer(): E2EServer {
  if (!current) throw new Error('No server yet: import `test` from e2e/fixtures.ts, not from @playwright/test.');
  return current;
}

export const test = base.extend<{ clock: ServerClock }, { server: E2EServer }>({
  server: [
    async ({}, provide, { parallelIndex: slot }) => {
      current = { slot, url: serverUrl(slot), dir: slotDir(slot) };
      await provide(current);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
  clock: async ({ request }, provide) => {
    const clock = new ServerClock(request);
    await provide(clock);
    await clock.reset();
  },
});
