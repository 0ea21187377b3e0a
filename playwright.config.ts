import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium when present (no browser download is possible offline), else Playwright's own. */
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  /*
   * Journeys in parallel, each worker with a production server of its own (e2e/servers.ts,
   * started by global setup): E2E_WORKERS sets how many.
   */
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 3,
  // Flaky means broken: no retries, and a journey that passes only on a retry (`--retries`) fails the run.
  retries: 0,
  failOnFlakyTests: true,
  // Generous: a machine busy with other work slows the journeys without making them wrong.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/retried-reporter.ts'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  /*
   * Three screens. Every journey runs on the desktop; the phone runs the diner's
   * journeys (tagged @diner) and the phone's own layout checks (@phone), the tablet the staff's
   * journeys (@admin) and its layout checks (@tablet), so CI time grows by what each screen adds.
   * Every project is Chromium: the iPad is emulated for its size, touch and pixel ratio.
   */
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@phone|@tablet/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@diner|@phone/ },
    { name: 'tablet', use: { ...devices['iPad Mini landscape'], browserName: 'chromium' }, grep: /@admin|@tablet/ },
  ],
  globalSetup: './e2e/global-setup.ts',
});
